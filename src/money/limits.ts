import { Decimal } from './decimal';
import { formatAmount, parseAmount } from './amount';
import { CountryCode, countryCurrency, isSupportedCountry } from './country';
import { CurrencyCode } from './currency';
import { MoneyError } from './money-error';

/** Per-country maximum amounts in local currency units, as decimal strings. */
export type LimitOverrides = Partial<Record<CountryCode, string>>;

export interface AmountLimits {
  readonly currency: CurrencyCode;
  /** Inclusive. The minimum is exclusive and always 0. */
  readonly max: Decimal;
}

/**
 * The contract fixes BR/PE/AR at 50,000 and CO at 200,000,000; the other countries take the
 * same 50,000 default, which errs on the side of rejecting, and every value is configurable.
 */
const DEFAULT_MAX: Record<CountryCode, string> = {
  AR: '50000',
  BR: '50000',
  CL: '50000',
  CO: '200000000',
  MX: '50000',
  PE: '50000',
  UY: '50000',
};

/** A bad limit configuration: a deployment problem, not a customer's. */
export class LimitConfigError extends Error {
  override readonly name = 'LimitConfigError';
}

export function amountLimits(country: CountryCode, overrides: LimitOverrides = {}): AmountLimits {
  const currency = countryCurrency(country);
  const configured = overrides[country];
  if (configured === undefined) {
    return { currency, max: new Decimal(DEFAULT_MAX[country]) };
  }
  try {
    return { currency, max: parseAmount(configured, currency) };
  } catch (error) {
    if (error instanceof MoneyError) {
      throw new LimitConfigError(`Maximum amount for ${country}: ${error.message}`);
    }
    throw error;
  }
}

export function assertAmountWithinLimits(amount: Decimal, country: CountryCode, overrides?: LimitOverrides): void {
  const { currency, max } = amountLimits(country, overrides);
  if (amount.lte(0)) {
    throw new MoneyError('NOT_POSITIVE', 'Amount must be greater than 0');
  }
  if (amount.gt(max)) {
    throw new MoneyError('AMOUNT_TOO_LARGE', `Amount ${amount.toFixed()} ${currency} exceeds the maximum of ${formatAmount(max, currency)} ${currency} for ${country}`);
  }
}

/**
 * Reads overrides such as "BR=100000,CO=300000000" (spaces around entries allowed). Anything
 * else throws, so a typo in the deployment stops start-up instead of leaving a default in force.
 */
export function parseLimitOverrides(envValue?: string): LimitOverrides {
  const overrides: LimitOverrides = {};
  if (envValue === undefined || envValue.trim() === '') {
    return overrides;
  }
  for (const rawEntry of envValue.split(',')) {
    const match = /^\s*([A-Za-z]*)\s*=\s*(\S*)\s*$/.exec(rawEntry);
    if (!match || match[1] === '' || match[2] === '') {
      throw new LimitConfigError(`Invalid amount limit entry ${JSON.stringify(rawEntry)}: expected COUNTRY=AMOUNT, e.g. BR=100000`);
    }
    const [, country, value] = match;
    if (!isSupportedCountry(country)) {
      throw new LimitConfigError(`Amount limit for unsupported country ${JSON.stringify(country)}`);
    }
    if (overrides[country] !== undefined) {
      throw new LimitConfigError(`Amount limit for ${country} is given twice`);
    }
    overrides[country] = value;
    amountLimits(country, overrides);
  }
  return overrides;
}
