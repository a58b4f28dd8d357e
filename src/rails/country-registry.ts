import {
  describeHolderMasking,
  describeKeyRules,
  HIDDEN,
  keyTypesMessage,
  validateKey,
  type KeyTypeOf,
  type PaymentKeyValidation,
} from '../keys';
import {
  amountLimitsOf,
  assertWithinLimits,
  LimitConfigError,
  MoneyError,
  type AmountLimits,
  type Decimal,
  type LimitBasis,
  type PaymentCurrency,
} from '../money';
import type { CountryDescriptor, KeyPayments } from './country-descriptor';
import type { RailHttpClient } from './http/rail-http-client';
import type { KeyRail } from './key-rail';

/** The descriptors among D that have payment keys (for D itself, when it leaves them optional). */
type KeyDescriptorOf<D extends CountryDescriptor> = D extends { readonly keys: KeyPayments }
  ? D
  : 'keys' extends keyof D
    ? D & { readonly keys: KeyPayments }
    : never;

/** The countries of a registry whose payment keys are paid. */
export type KeyCountryOf<D extends CountryDescriptor> = KeyDescriptorOf<D>['country'];

/** The key types a key country of a registry accepts, as `validatePaymentKey` names them. */
export type KeyTypeIn<D extends CountryDescriptor, C extends string> = KeyTypeOf<
  Extract<KeyDescriptorOf<D>, { readonly country: C }>['keys']['scheme']
>;

/** The key countries of a registry whose directories answer holders, shown masked. */
export type MaskedHolderCountryOf<D extends CountryDescriptor> = Extract<
  KeyDescriptorOf<D>,
  { readonly keys: { readonly holders: object } }
>['country'];

/** Maximum amounts configured per country (AMOUNT_LIMITS), in local currency units, as decimal strings. */
export type LimitOverrides<C extends string = string> = Partial<Record<C, string>>;

const hasKeys = <D extends CountryDescriptor>(descriptor: D): descriptor is KeyDescriptorOf<D> =>
  descriptor.keys !== undefined;

/**
 * The countries served, and everything the engine derives from them: which countries and
 * currencies there are, each country's limits, the key countries, their rules and their rails.
 * The service has one (src/rails/countries.ts); a test builds another to show that a new
 * country needs nothing but its descriptor. Its checks run when it is built, so a descriptor that
 * breaks one stops the process at start.
 */
export class CountryRegistry<D extends CountryDescriptor> {
  /** Every country served, in alphabetical order: QRs are paid there, and every payout lands there. */
  readonly codes: readonly D['country'][];
  /** The countries whose payment keys are paid without a QR, in the registry's order. */
  readonly keyCountries: readonly KeyCountryOf<D>[];
  /** Their currencies, in the same order: what a key payment is paid in, set by the key's country. */
  readonly keyCurrencies: readonly KeyDescriptorOf<D>['currency'][];
  /** The key countries' descriptors, in the registry's order. */
  readonly keyDescriptors: readonly KeyDescriptorOf<D>[];
  private readonly byCode: ReadonlyMap<string, D>;

  constructor(readonly descriptors: readonly D[]) {
    this.byCode = new Map(descriptors.map((descriptor) => [descriptor.country, descriptor]));
    this.codes = descriptors.map((descriptor) => descriptor.country).sort();
    this.keyDescriptors = descriptors.filter(hasKeys);
    this.keyCountries = this.keyDescriptors.map((descriptor) => descriptor.country);
    this.keyCurrencies = this.keyDescriptors.map((descriptor) => descriptor.currency);
    this.check();
  }

  private check(): void {
    const repeated = (values: readonly string[]) => values.filter((value, i) => values.indexOf(value) !== i);
    const problems = [
      ...this.descriptors
        .filter(({ country }) => !/^[A-Z]{2}$/.test(country))
        .map(({ country }) => `${country} is not an ISO 3166-1 alpha-2 code`),
      ...repeated(this.descriptors.map(({ country }) => country)).map((country) => `${country} is listed twice`),
      // A collector without a country names its market by its currency (src/collections/collection-country.ts).
      ...repeated(this.descriptors.map(({ currency }) => currency)).map(
        (currency) => `${currency} is the currency of two countries`,
      ),
      ...repeated(this.keyDescriptors.map(({ keys }) => keys.rail.name)).map(
        (rail) => `the rail name ${rail} is given twice`,
      ),
    ];
    if (problems.length > 0) throw new RangeError(`The countries served are not consistent: ${problems.join('; ')}`);
    // A default maximum that is not an amount of its currency fails here, not on the first payment.
    for (const descriptor of this.descriptors) amountLimitsOf(this.limitBasis(descriptor), descriptor.defaultMaxAmount);
  }

  isServed(code: unknown): code is D['country'] {
    return typeof code === 'string' && this.byCode.has(code);
  }

  isKeyCountry(code: string): code is KeyCountryOf<D> {
    return (this.keyCountries as readonly string[]).includes(code);
  }

  /** What merchants in `country` are paid in; a MoneyError for a country not served. */
  currencyOf(country: string): PaymentCurrency {
    return this.descriptorOf(country).currency;
  }

  amountLimits(country: D['country'], overrides: LimitOverrides<D['country']> = {}): AmountLimits {
    return amountLimitsOf(this.limitBasis(this.descriptorOf(country)), overrides[country]);
  }

  assertAmountWithinLimits(amount: Decimal, country: D['country'], overrides?: LimitOverrides<D['country']>): void {
    assertWithinLimits(amount, country, this.amountLimits(country, overrides));
  }

  /**
   * Reads overrides such as "BR=100000,CO=300000000" (spaces around entries allowed). Anything
   * else throws, so a typo in the deployment stops start-up instead of leaving a default in force.
   */
  parseLimitOverrides(envValue?: string): LimitOverrides<D['country']> {
    const overrides: LimitOverrides<D['country']> = {};
    if (envValue === undefined || envValue.trim() === '') {
      return overrides;
    }
    for (const rawEntry of envValue.split(',')) {
      const match = /^\s*([A-Za-z]*)\s*=\s*(\S*)\s*$/.exec(rawEntry);
      if (!match || match[1] === '' || match[2] === '') {
        throw new LimitConfigError(
          `Invalid amount limit entry ${JSON.stringify(rawEntry)}: expected COUNTRY=AMOUNT, e.g. BR=100000`,
        );
      }
      const [, country, value] = match;
      if (!this.isServed(country)) {
        throw new LimitConfigError(`Amount limit for unsupported country ${JSON.stringify(country)}`);
      }
      if (overrides[country] !== undefined) {
        throw new LimitConfigError(`Amount limit for ${country} is given twice`);
      }
      overrides[country] = value;
      this.amountLimits(country, overrides);
    }
    return overrides;
  }

  /** Classifies and normalizes a payment key of `country` by its rules; never throws, whatever the input. */
  validatePaymentKey<C extends KeyCountryOf<D>>(country: C, key: string): PaymentKeyValidation<KeyTypeIn<D, C>> {
    return validateKey(this.keysOf(country).scheme, key);
  }

  /** The format message of a 400 on an invalid key; it lists the key types the country accepts. */
  allowedKeyTypesMessage(country: KeyCountryOf<D>): string {
    return keyTypesMessage(this.keysOf(country).scheme);
  }

  /** The types a key country accepts, as `validatePaymentKey` names them. */
  keyTypes(country: KeyCountryOf<D>): readonly string[] {
    return this.keysOf(country).scheme.rules.map((rule) => rule.type);
  }

  /** Every key country's accepted `dict_key` formats in Markdown, for the OpenAPI description of the key routes. */
  keyRulesDescription(): string {
    return describeKeyRules(this.keyDescriptors.map(({ country, keys }) => ({ country, scheme: keys.scheme })));
  }

  /** The masking of key holders, for the OpenAPI descriptions of the fields it shapes. */
  holderMaskingDescription(): ReturnType<typeof describeHolderMasking> {
    return describeHolderMasking(this.keyDescriptors.flatMap(({ keys }) => keys.holders?.masking ?? []));
  }

  /** The document types of every holder a directory answers, as `identificationType` names them. */
  holderDocumentTypes(): readonly string[] {
    return this.keyDescriptors.flatMap(({ keys }) => keys.holders?.documentTypes ?? []);
  }

  /** Whether a key payment in `country` pays a holder its directory answered, shown masked (src/keys/holder-masking.ts). */
  isMaskedHolderCountry(country: string): boolean {
    return this.byCode.get(country)?.keys?.holders != null;
  }

  /** A key holder's document as `country` shows it; nothing of it (`****`) where the country masks no holders. */
  maskDocument(country: string, document: string): string {
    return this.byCode.get(country)?.keys?.holders?.masking.mask(document) ?? HIDDEN;
  }

  /** The key rails' names, as the `rail` label of their calls. */
  keyRailNames(): readonly KeyDescriptorOf<D>['keys']['rail']['name'][] {
    return this.keyDescriptors.map(({ keys }) => keys.rail.name);
  }

  /** Every key country's rail, its adapter over the HTTP client `http` makes for its name. */
  connectKeyRails(http: (railName: string) => RailHttpClient): ReadonlyMap<string, KeyRail> {
    return new Map(this.keyDescriptors.map(({ country, keys }) => [country, keys.rail.connect(http(keys.rail.name))]));
  }

  private descriptorOf(country: string): D {
    const descriptor = this.byCode.get(country);
    if (descriptor === undefined)
      throw new MoneyError('UNSUPPORTED_COUNTRY', `Country ${JSON.stringify(country)} is not supported`);
    return descriptor;
  }

  private keysOf(country: string): KeyPayments {
    const keys = this.byCode.get(country)?.keys;
    if (keys === undefined) throw new RangeError(`${country} has no payment keys`);
    return keys;
  }

  private limitBasis({ country, currency, defaultMaxAmount }: D): LimitBasis {
    return { country, currency, defaultMax: defaultMaxAmount };
  }
}
