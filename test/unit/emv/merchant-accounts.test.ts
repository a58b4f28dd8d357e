import { decodeEmvQr } from '../../../src/emv';
import { buildTlv } from '../../../src/emv/tlv';
import { signed } from './signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

/** A Mexican QR (no scheme profile) with the given merchant account fields. */
function qr(accounts: string) {
  return signed(
    buildTlv('00', '01') +
      accounts +
      buildTlv('52', '5411') +
      buildTlv('53', '484') +
      buildTlv('58', 'MX') +
      buildTlv('59', 'TIENDA') +
      buildTlv('60', 'CDMX'),
  );
}

describe('merchant account information (tags 02-51)', () => {
  it('accepts the primitive card-network tags 02-25 alone, keeping each value as the network wrote it', () => {
    const result = decodeEmvQr(
      qr(buildTlv('02', '4111111111111111') + buildTlv('04', '5555555555554444') + buildTlv('15', '0000ABCD')),
      QR_SCOPE,
    );
    expect(result).toMatchObject({ valid: true, emvco_valid: true });
    expect(result.merchant_accounts).toEqual([
      { tag: '02', format: 'primitive', gui: null, fields: {}, value: '4111111111111111' },
      { tag: '04', format: 'primitive', gui: null, fields: {}, value: '5555555555554444' },
      { tag: '15', format: 'primitive', gui: null, fields: {}, value: '0000ABCD' },
    ]);
  });

  it('does not read a primitive tag as a template, even when its value looks like one', () => {
    const result = decodeEmvQr(qr(buildTlv('03', '0099x')), QR_SCOPE);
    expect(result).toMatchObject({
      emvco_valid: true,
      merchant_accounts: [{ tag: '03', format: 'primitive', value: '0099x' }],
    });
  });

  it.each([
    ['free text', 'MERCHANT-ID 12345'],
    ['a bare number', '1234567890'],
    ['a header cut short', '011'],
  ])('keeps a template whose value is not a sub-TLV (%s) as opaque, not broken', (_case, value) => {
    const result = decodeEmvQr(qr(buildTlv('30', value)), QR_SCOPE);
    expect(result).toMatchObject({ valid: true, emvco_valid: true, emvco_errors: [] });
    expect(result.merchant_accounts).toEqual([{ tag: '30', format: 'opaque', gui: null, fields: {}, value }]);
  });

  it('reads a template that opens with a GUI as a template, and reports it broken when its sub-fields are', () => {
    const result = decodeEmvQr(qr(buildTlv('26', '0014br.gov.bcb.pix0199x')), QR_SCOPE);
    expect(result.emvco_errors.map((error) => [error.code, error.tag])).toEqual([['LENGTH_OVERRUN', '26.01']]);
    expect(result.merchant_accounts).toEqual([
      { tag: '26', format: 'template', gui: 'br.gov.bcb.pix', fields: {}, value: '0014br.gov.bcb.pix0199x' },
    ]);
  });

  it('reports a GUI header whose length runs past the value as a broken template', () => {
    const result = decodeEmvQr(qr(buildTlv('26', '0099br.gov.bcb.pix')), QR_SCOPE);
    expect(result.emvco_errors.map((error) => [error.code, error.tag])).toEqual([
      ['LENGTH_OVERRUN', '26.00'],
      ['MISSING_GUI', '26'],
    ]);
  });

  it('still wants a GUI in a template whose value is a well-formed sub-TLV', () => {
    const result = decodeEmvQr(qr(buildTlv('26', buildTlv('01', 'ACCOUNT-1'))), QR_SCOPE);
    expect(result.emvco_errors.map((error) => [error.code, error.tag])).toEqual([['MISSING_GUI', '26']]);
  });
});
