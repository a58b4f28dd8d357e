import { decodeEmvQr } from '../../../src/emv';
import { BCB_STATIC_PIX } from '../../support/qr-fixtures';

describe('decodeEmvQr on published payloads', () => {
  it('reads the static example of the Banco Central do Brasil BR Code manual', () => {
    expect(decodeEmvQr(BCB_STATIC_PIX)).toEqual({
      valid: true,
      errors: [],
      profile: 'BR_PIX',
      point_of_initiation: null,
      amount: null,
      currency: { alpha: 'BRL', numeric: '986' },
      country: 'BR',
      merchant: { name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000', postal_code: null },
      merchant_accounts: [
        {
          tag: '26',
          gui: 'br.gov.bcb.pix',
          fields: { '01': '123e4567-e12b-12d1-a456-426655440000' },
          value: '0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000',
        },
      ],
      additional_data: { reference_label: '***' },
      merchant_language: null,
      unreserved_templates: [],
      other_tags: {},
      crc: { declared: '1D3D', computed: '1D3D' },
      pix: { key: '123e4567-e12b-12d1-a456-426655440000', url: null, description: null },
    });
  });

  // The EMVCo MPM specification's example: Chinese text in tag 64 checks that lengths count
  // characters and the CRC runs over UTF-8. Its currency (156, CNY) is not one the service supports.
  it('reads the EMVCo MPM specification example, flagging only its unsupported currency', () => {
    const payload =
      '00020101021229300012D156000000000510A93FO3230Q31280012D15600000001030812345678520441115802CN' +
      '5914BEST TRANSPORT6007BEIJING64200002ZH0104最佳运输0202北京540523.72530315655020162330304' +
      '12340603***0708A60086670902ME91320016A0112233449988770708123456786304A13A';
    const result = decodeEmvQr(payload);
    expect(result.errors).toEqual([{ code: 'INVALID_CURRENCY', tag: '53', message: expect.stringContaining('"156"') }]);
    expect(result).toMatchObject({
      valid: false,
      profile: null,
      point_of_initiation: 'DYNAMIC',
      amount: '23.72',
      currency: null,
      country: 'CN',
      merchant: { name: 'BEST TRANSPORT', city: 'BEIJING', mcc: '4111', postal_code: null },
      merchant_accounts: [
        { tag: '29', gui: 'D15600000000', fields: { '05': 'A93FO3230Q' } },
        { tag: '31', gui: 'D15600000001', fields: { '03': '12345678' } },
      ],
      additional_data: {
        store_label: '1234',
        customer_label: '***',
        terminal_label: 'A6008667',
        additional_consumer_data_request: 'ME',
      },
      merchant_language: { language: 'ZH', name: '最佳运输', city: '北京' },
      unreserved_templates: [{ tag: '91', fields: { '00': 'A011223344998877', '07': '12345678' } }],
      other_tags: { '55': '01' },
      crc: { declared: 'A13A', computed: 'A13A' },
      pix: null,
    });
  });

  it('accepts a lower-case declared CRC', () => {
    const payload = BCB_STATIC_PIX.replace(/1D3D$/, '1d3d');
    expect(decodeEmvQr(payload)).toMatchObject({ valid: true, crc: { declared: '1d3d', computed: '1D3D' } });
  });
});
