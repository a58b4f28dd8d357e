import { Decimal, LimitConfigError } from '../../../src/money';
import { keyCountryField, keyCurrencyField } from '../../../src/payments/key-payments.dto';
import { COUNTRIES } from '../../../src/rails/countries';
import { CountryRegistry } from '../../../src/rails/country-registry';
import type { KeyRail } from '../../../src/rails/key-rail';
import type { AccountHolder, DirectoryAnswer } from '../../../src/rails/rail-terms';
import { createRails } from '../../../src/rails/rails.factory';
import { WITH_ZEDLAND, ZZ } from '../../support/zedland';
import { expectMoneyError } from '../money/expect-money-error';

/**
 * A country is its descriptor and one line in the registry (docs/architecture.md, "Adding a
 * country"): Zedland (test/support/zedland.ts) is added to the service's registry and nothing
 * else, and every list, rule and rail the engine derives from the registry takes it.
 */
describe('a new country, from its descriptor alone', () => {
  it('is served, and is a key country, after the service’s', () => {
    expect(WITH_ZEDLAND.codes).toEqual([...COUNTRIES.codes, 'ZZ']);
    expect(WITH_ZEDLAND.keyCountries).toEqual([...COUNTRIES.keyCountries, 'ZZ']);
    expect(WITH_ZEDLAND.isServed('ZZ') && WITH_ZEDLAND.isKeyCountry('ZZ')).toBe(true);
    // The service's own registry does not know it.
    expect(COUNTRIES.isServed('ZZ')).toBe(false);
  });

  it('validates its keys through the same entry point as every country’s, with its own 400 messages', () => {
    expect(WITH_ZEDLAND.validatePaymentKey('ZZ', 'Z12345678')).toEqual({
      ok: true,
      type: 'ZID',
      normalized: 'Z12345678',
    });
    expect(WITH_ZEDLAND.validatePaymentKey('ZZ', '#AnaPay')).toEqual({ ok: true, type: 'TAG', normalized: '#anapay' });
    const message = 'dict_key must be one of: ZID (Z and 8 digits), TAG (# and 3 to 12 letters)';
    expect(WITH_ZEDLAND.validatePaymentKey('ZZ', 'z12345678')).toEqual({
      ok: false,
      code: 'INVALID_DICT_KEY',
      reason: 'dict_key: a ZID starts with an upper-case "Z"',
      message,
      messages: ['dict_key: a ZID starts with an upper-case "Z"', message],
    });
    expect(WITH_ZEDLAND.allowedKeyTypesMessage('ZZ')).toBe(message);
    // The other countries' keys are judged as before.
    expect(WITH_ZEDLAND.validatePaymentKey('BR', '52998224725')).toEqual(
      COUNTRIES.validatePaymentKey('BR', '52998224725'),
    );
  });

  it('knows its currency and its limits, and takes a configured maximum for it', () => {
    expect(WITH_ZEDLAND.currencyOf('ZZ')).toBe('USD');
    expect(WITH_ZEDLAND.keyCurrencies).toEqual([...COUNTRIES.keyCurrencies, 'USD']);
    expect(WITH_ZEDLAND.amountLimits('ZZ')).toEqual({ currency: 'USD', max: new Decimal('2500') });
    expect(() => WITH_ZEDLAND.assertAmountWithinLimits(new Decimal('2500.00'), 'ZZ')).not.toThrow();
    const tooLarge = expectMoneyError(
      () => WITH_ZEDLAND.assertAmountWithinLimits(new Decimal('2500.01'), 'ZZ'),
      'AMOUNT_TOO_LARGE',
    );
    expect(tooLarge.message).toBe('Amount 2500.01 USD exceeds the maximum of 2500.00 USD for ZZ');
    const overrides = WITH_ZEDLAND.parseLimitOverrides('ZZ=10000,BR=1000');
    expect(WITH_ZEDLAND.amountLimits('ZZ', overrides).max.toFixed()).toBe('10000');
    expect(() => COUNTRIES.parseLimitOverrides('ZZ=10000')).toThrow(LimitConfigError);
  });

  it('is accepted by the key routes’ enums built from the registry, and refused by the service’s', () => {
    const localCountry = keyCountryField(WITH_ZEDLAND);
    expect(localCountry.parse('ZZ')).toBe('ZZ');
    expect(localCountry.description).toBe(
      'ISO 3166-1 alpha-2 of the key: BR (Pix), PE (CCI or phone), CO (Bre-B), ZZ (Z-Pay)',
    );
    expect(keyCurrencyField(WITH_ZEDLAND).parse('USD')).toBe('USD');
    expect(keyCountryField(COUNTRIES).safeParse('ZZ').success).toBe(false);
    expect(keyCurrencyField(COUNTRIES).safeParse('USD').success).toBe(false);
  });

  it('documents its key rules and shows its holders masked, as the other countries’', () => {
    expect(WITH_ZEDLAND.keyRulesDescription()).toContain(
      '**Zedland (Z-Pay)**, `local_country` `ZZ`\n- `ZID`: "Z", then the 8 digits of a national id.',
    );
    expect(WITH_ZEDLAND.holderMaskingDescription().name).toBe(
      'The holder of a Brazilian, Colombian or Zedlander payment key shows only its first name and initials ("Ana S. O.")',
    );
    expect(WITH_ZEDLAND.holderDocumentTypes()).toEqual(['CPF', 'CNPJ', 'CC', 'NIT', 'ZID']);
    expect(WITH_ZEDLAND.isMaskedHolderCountry('ZZ')).toBe(true);
    expect(WITH_ZEDLAND.maskDocument('ZZ', 'Z12345678')).toBe('****5678');
  });

  it('sends its key look-ups to its own adapter, with the country asked', async () => {
    const holder: AccountHolder = {
      name: 'Zoe Zed',
      identificationNumber: 'Z12345678',
      identificationType: 'ZID',
      participantCode: '001',
      participantName: 'Zed Bank',
      branch: '01',
      accountNumber: '555-1',
      accountType: 'CHECKING',
    };
    const asked: string[] = [];
    const zpay: KeyRail = {
      lookupKey: async (key): Promise<DirectoryAnswer> => {
        asked.push(key);
        return { kind: 'ACCOUNT_HOLDER', key, holder };
      },
      payout: () => Promise.reject(new Error('not paid in this test')),
      payoutStatus: () => Promise.reject(new Error('not asked in this test')),
      refund: () => Promise.reject(new Error('not refunded in this test')),
      refundStatus: () => Promise.reject(new Error('not asked in this test')),
    };
    const registry = new CountryRegistry([
      ...COUNTRIES.descriptors,
      { ...ZZ, keys: { ...ZZ.keys, rail: { name: 'zedland', connect: () => zpay } } },
    ]);
    // No rail of the service's is called: the base URL answers nothing.
    const rails = createRails('http://127.0.0.1:9', 500, registry);

    expect(await rails.keys.lookupKey({ country: 'ZZ', key: 'Z12345678' })).toEqual({
      kind: 'ACCOUNT_HOLDER',
      country: 'ZZ',
      key: 'Z12345678',
      holder,
    });
    expect(asked).toEqual(['Z12345678']);
  });
});

describe('the registry', () => {
  const { BR, PE } = Object.fromEntries(COUNTRIES.descriptors.map((descriptor) => [descriptor.country, descriptor]));

  it.each([
    ['a country listed twice', () => new CountryRegistry([BR!, PE!, BR!]), 'BR is listed twice'],
    [
      'a code that is not ISO 3166-1 alpha-2',
      () => new CountryRegistry([{ ...ZZ, country: 'ZED' }]),
      'ZED is not an ISO 3166-1 alpha-2 code',
    ],
    [
      'two countries paid in one currency',
      () => new CountryRegistry([BR!, { ...ZZ, currency: 'BRL' }]),
      'BRL is the currency of two countries',
    ],
    [
      'two rails of one name',
      () => new CountryRegistry([BR!, { ...ZZ, keys: { ...ZZ.keys, rail: { ...ZZ.keys.rail, name: 'brazil' } } }]),
      'the rail name brazil is given twice',
    ],
  ])('refuses %s when it is built', (_case, build, problem) => {
    expect(build).toThrow(problem);
  });

  it('refuses a default maximum its currency cannot have', () => {
    expect(() => new CountryRegistry([{ ...ZZ, currency: 'CLP', defaultMaxAmount: '2500.50' }])).toThrow(
      LimitConfigError,
    );
  });
});
