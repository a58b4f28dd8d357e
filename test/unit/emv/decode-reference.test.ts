import { decodeEmvQr } from '../../../src/emv';
import { BCB_STATIC_PIX } from '../../support/qr-fixtures';
import {
  BCB_PIX_AUTOMATICO_RECURRENCE_ONLY,
  BCB_PIX_AUTOMATICO_WITH_DYNAMIC,
  BCB_PIX_AUTOMATICO_WITH_STATIC,
  BCB_STATIC_PIX_ACCOUNT,
  EMVCO_SPECIFICATION_EXAMPLE,
} from './published-payloads';
import { NO_FINDINGS, wellFormedButNotPayable } from './signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

const RECURRENCE_URL = 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002';

describe('decodeEmvQr on published payloads', () => {
  it('reads the static example of the Banco Central do Brasil BR Code manual', () => {
    expect(decodeEmvQr(BCB_STATIC_PIX, QR_SCOPE)).toEqual({
      ...NO_FINDINGS,
      profile: 'BR_PIX',
      point_of_initiation: null,
      amount: null,
      currency: { alpha: 'BRL', numeric: '986' },
      country: 'BR',
      merchant: { name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000', postal_code: null },
      merchant_accounts: [BCB_STATIC_PIX_ACCOUNT],
      additional_data: { reference_label: '***' },
      merchant_language: null,
      unreserved_templates: [],
      other_tags: {},
      crc: { declared: '1D3D', computed: '1D3D' },
      pix: { key: '123e4567-e12b-12d1-a456-426655440000', url: null, description: null, recurrence_url: null },
    });
  });

  it('reads the EMVCo MPM specification example as well-formed, and not payable for its country and currency alone', () => {
    const result = decodeEmvQr(EMVCO_SPECIFICATION_EXAMPLE, QR_SCOPE);
    const reasons = [
      { code: 'UNSUPPORTED_COUNTRY', tag: '58', message: expect.stringContaining('CN') },
      { code: 'UNSUPPORTED_CURRENCY', tag: '53', message: expect.stringContaining('CNY') },
    ];
    expect(result).toMatchObject({
      ...wellFormedButNotPayable(reasons),
      profile: null,
      point_of_initiation: 'DYNAMIC',
      amount: '23.72',
      currency: { alpha: 'CNY', numeric: '156' },
      country: 'CN',
      merchant: { name: 'BEST TRANSPORT', city: 'BEIJING', mcc: '4111', postal_code: null },
      merchant_accounts: [
        { tag: '29', format: 'template', gui: 'D15600000000', fields: { '05': 'A93FO3230Q' } },
        { tag: '31', format: 'template', gui: 'D15600000001', fields: { '03': '12345678' } },
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
    expect(decodeEmvQr(payload, QR_SCOPE)).toMatchObject({ valid: true, crc: { declared: '1d3d', computed: '1D3D' } });
  });

  describe('Pix Automático composite QR codes of the Pix manual', () => {
    it('reads the recurrence-only example, whose tag 26 holds the GUI alone, as well-formed Pix with nothing to pay', () => {
      const result = decodeEmvQr(BCB_PIX_AUTOMATICO_RECURRENCE_ONLY, QR_SCOPE);
      expect(result).toMatchObject({
        emvco_valid: true,
        scheme_valid: true,
        scheme_violations: [],
        payable: false,
        not_payable_reasons: [{ code: 'NOTHING_TO_PAY', tag: '26' }],
        valid: false,
        profile: 'BR_PIX',
        merchant_accounts: [{ tag: '26', format: 'template', gui: 'br.gov.bcb.pix', fields: {} }],
        unreserved_templates: [{ tag: '80', fields: { '00': 'br.gov.bcb.pix', '25': RECURRENCE_URL } }],
        pix: { key: null, url: null, description: null, recurrence_url: RECURRENCE_URL },
      });
      expect(result.errors.map((error) => error.code)).toEqual(['NOTHING_TO_PAY']);
    });

    it.each([
      ['a static payment', BCB_PIX_AUTOMATICO_WITH_STATIC, { key: '123e4567-e12b-12d1-a456-426655440000', url: null }],
      [
        'a dynamic payment',
        BCB_PIX_AUTOMATICO_WITH_DYNAMIC,
        { key: null, url: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441' },
      ],
    ])('reads the example offering a recurrence with %s as payable', (_case, payload, pix) => {
      expect(decodeEmvQr(payload, QR_SCOPE)).toMatchObject({
        valid: true,
        errors: [],
        emvco_valid: true,
        scheme_valid: true,
        payable: true,
        pix: { ...pix, recurrence_url: RECURRENCE_URL },
      });
    });
  });
});
