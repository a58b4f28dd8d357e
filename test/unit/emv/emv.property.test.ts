import * as currencyCodes from 'currency-codes';
import fc from 'fast-check';
import { decodeEmvQr, encodeEmvQr, type EmvEncodeInput } from '../../../src/emv';
import { buildTlv, parseTlv } from '../../../src/emv/tlv';
import { PAYMENT_CURRENCIES } from '../../../src/money';
import { PERU_BODY, signed } from './signed-payload';
import { COUNTRY_CODES, isSupportedCountry, QR_SCOPE } from '../../../src/rails/countries';

const VALID_PAYLOADS = [
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
    '5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  signed(`${PERU_BODY}5406150.00`),
];

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 600 }),
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.stringMatching(/^[0-9]{0,300}$/),
);

/** The three answers and `valid` never contradict their lists, nor each other. */
function expectConsistent(payload: string) {
  const result = decodeEmvQr(payload, QR_SCOPE);
  expect(result.valid).toBe(result.errors.length === 0);
  expect(result.errors).toEqual([...result.emvco_errors, ...result.scheme_violations, ...result.not_payable_reasons]);
  expect(result.emvco_valid).toBe(result.emvco_errors.length === 0);
  expect(result.scheme_valid).toBe(result.scheme_violations.length === 0);
  expect(result.payable).toBe(result.emvco_valid && result.scheme_valid && result.not_payable_reasons.length === 0);
  expect(result.valid).toBe(result.payable);
  for (const error of result.errors) expect(error.message).toEqual(expect.any(String));
  return result;
}

describe('decodeEmvQr on arbitrary input', () => {
  it('never throws and finds at least one defect in random text', () => {
    fc.assert(
      fc.property(anyText, (payload) => {
        const result = expectConsistent(payload);
        expect(result.valid).toBe(false);
        expect(result.errors.length).toBeGreaterThan(0);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses every single-character ASCII substitution before the CRC value', () => {
    const mutation = fc.record({
      payload: fc.constantFrom(...VALID_PAYLOADS),
      at: fc.nat(),
      replacement: fc.string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
        minLength: 1,
        maxLength: 1,
      }),
    });
    fc.assert(
      fc.property(mutation, ({ payload, at, replacement }) => {
        const index = at % (payload.length - 4);
        fc.pre(payload[index] !== replacement);
        const mutated = payload.slice(0, index) + replacement + payload.slice(index + 1);
        // CRC-16 detects every error burst of up to 16 bits, so this can never pass.
        expect(expectConsistent(mutated).valid).toBe(false);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on insertions and deletions anywhere in a valid payload', () => {
    const mutation = fc.record({
      payload: fc.constantFrom(...VALID_PAYLOADS),
      at: fc.nat(),
      deleteCount: fc.integer({ min: 0, max: 5 }),
      inserted: fc.string({ unit: 'binary', maxLength: 5 }),
    });
    fc.assert(
      fc.property(mutation, ({ payload, at, deleteCount, inserted }) => {
        const index = at % (payload.length + 1);
        fc.pre(deleteCount > 0 || inserted.length > 0);
        expectConsistent(payload.slice(0, index) + inserted + payload.slice(index + deleteCount));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the three answers on well-formed payloads', () => {
  const iso = currencyCodes.data.filter((currency) => /^\d{3}$/.test(currency.number));
  const body = (accounts: string, currency: string, country: string) =>
    buildTlv('00', '01') +
    accounts +
    buildTlv('52', '5999') +
    buildTlv('53', currency) +
    buildTlv('58', country) +
    buildTlv('59', 'M') +
    buildTlv('60', 'C');

  it('finds any ISO 4217 currency in any country well-formed, and payable exactly where the service pays', () => {
    const place = fc.record({
      currency: fc.constantFrom(...iso),
      country: fc.oneof(fc.constantFrom(...COUNTRY_CODES), fc.stringMatching(/^[A-Z]{2}$/)),
    });
    fc.assert(
      fc.property(place, ({ currency, country }) => {
        // A GUI no scheme claims, and a country profile's own currency, keep the scheme rules out of it.
        const profileCurrency = ({ PE: '604', CO: '170', AR: '032' } as Record<string, string>)[country];
        fc.pre(profileCurrency === undefined || profileCurrency === currency.number);
        const result = expectConsistent(signed(body(buildTlv('26', '0008X.SCHEME'), currency.number, country)));
        expect(result.emvco_valid).toBe(true);
        expect(result.currency).toEqual({ alpha: currency.code, numeric: currency.number });
        const reasons = [
          ...(isSupportedCountry(country) ? [] : ['UNSUPPORTED_COUNTRY']),
          ...((PAYMENT_CURRENCIES as readonly string[]).includes(currency.code) ? [] : ['UNSUPPORTED_CURRENCY']),
        ];
        expect(result.not_payable_reasons.map((reason) => reason.code)).toEqual(reasons);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps any primitive tag 02-25, and any 26-51 value that is no sub-TLV, without reporting a defect', () => {
    const opaque = fc
      .string({ unit: 'binary', minLength: 1, maxLength: 60 })
      .filter((value) => !parseTlv(value).complete && !/^00\d{2}/.test(value));
    const account = fc.oneof(
      fc.record({
        tag: fc.integer({ min: 2, max: 25 }),
        value: fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
        format: fc.constant('primitive'),
      }),
      fc.record({ tag: fc.integer({ min: 26, max: 51 }), value: opaque, format: fc.constant('opaque') }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(account, { minLength: 1, maxLength: 4, selector: (entry) => entry.tag }),
        (accounts) => {
          const tlv = accounts.map(({ tag, value }) => buildTlv(String(tag).padStart(2, '0'), value)).join('');
          const result = expectConsistent(signed(body(tlv, '484', 'MX')));
          expect(result.emvco_errors).toEqual([]);
          expect(result.merchant_accounts.map(({ format, value }) => ({ format, value }))).toEqual(
            accounts.map(({ format, value }) => ({ format, value })),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});

const COUNTRIES = [
  { country: 'PE', currency: '604', decimals: 2 },
  { country: 'CO', currency: '170', decimals: 2 },
  { country: 'AR', currency: '032', decimals: 2 },
  { country: 'CL', currency: '152', decimals: 0 },
] as const;

const text = (maxLength: number) => fc.string({ unit: 'binary', minLength: 1, maxLength });
const subId = fc.integer({ min: 1, max: 99 }).map((id) => String(id).padStart(2, '0'));

const encodeInput: fc.Arbitrary<EmvEncodeInput> = fc
  .record({
    place: fc.constantFrom(...COUNTRIES),
    point_of_initiation: fc.constantFrom('STATIC' as const, 'DYNAMIC' as const),
    accountTags: fc.uniqueArray(fc.integer({ min: 26, max: 51 }), { minLength: 1, maxLength: 3 }),
    gui: fc.stringMatching(/^[A-Za-z0-9]{1,32}$/),
    accountFields: fc.dictionary(subId, text(12), { maxKeys: 3 }),
    mcc: fc.stringMatching(/^\d{4}$/),
    amount: fc.option(
      fc.record({ units: fc.integer({ min: 1, max: 999_999_999 }), cents: fc.integer({ min: 0, max: 99 }) }),
      { nil: undefined },
    ),
    name: text(25),
    city: text(15),
    postal_code: fc.option(text(10), { nil: undefined }),
    additional_data: fc.dictionary(
      fc.constantFrom(
        'bill_number',
        'store_label',
        'reference_label',
        'terminal_label',
        'purpose_of_transaction',
        '50',
        '99',
      ),
      text(12),
      { maxKeys: 4 },
    ),
  })
  .map(({ place, accountTags, gui, accountFields, amount, name, city, postal_code, mcc, ...rest }) => ({
    ...rest,
    merchant_accounts: accountTags.map((tag) => ({ tag: String(tag), gui, fields: accountFields })),
    merchant: postal_code === undefined ? { name, city, mcc } : { name, city, mcc, postal_code },
    currency_numeric: place.currency,
    country: place.country,
    ...(amount === undefined
      ? {}
      : {
          amount:
            place.decimals === 0 ? String(amount.units) : `${amount.units}.${String(amount.cents).padStart(2, '0')}`,
        }),
  }));

describe('encode then decode', () => {
  it('reads back every field the encoder was given', () => {
    fc.assert(
      fc.property(encodeInput, (input) => {
        const result = decodeEmvQr(encodeEmvQr(input, QR_SCOPE), QR_SCOPE);
        expect(result.errors).toEqual([]);
        expect(result).toMatchObject({
          valid: true,
          point_of_initiation: input.point_of_initiation,
          amount: input.amount ?? null,
          currency: { numeric: input.currency_numeric },
          country: input.country,
          merchant: { ...input.merchant, postal_code: input.merchant.postal_code ?? null },
          additional_data: input.additional_data,
        });
        expect(result.merchant_accounts.map(({ tag, gui, fields }) => ({ tag, gui, fields }))).toEqual(
          input.merchant_accounts,
        );
      }),
      { numRuns: 1000 },
    );
  });
});
