import { Decimal } from './decimal';
import { formatAmount, parseAmount } from './amount';
import { CurrencyCode } from './currency';
import { MoneyError } from './money-error';

export interface AmountLimits {
  readonly currency: CurrencyCode;
  /** Inclusive. The minimum is exclusive and always 0. */
  readonly max: Decimal;
}

/** What a country's limits are made of: its currency, and the maximum it has unless one is configured. */
export interface LimitBasis {
  readonly country: string;
  readonly currency: CurrencyCode;
  /** In the currency's units, as a decimal string. */
  readonly defaultMax: string;
}

/** A bad limit configuration: a deployment problem, not a customer's. */
export class LimitConfigError extends Error {
  override readonly name = 'LimitConfigError';
}

/** A country's limits: its default maximum, or `configured` (a decimal string in its currency) when given. */
export function amountLimitsOf({ country, currency, defaultMax }: LimitBasis, configured?: string): AmountLimits {
  if (configured === undefined) {
    return { currency, max: new Decimal(defaultMax) };
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

export function assertWithinLimits(amount: Decimal, country: string, { currency, max }: AmountLimits): void {
  if (amount.lte(0)) {
    throw new MoneyError('NOT_POSITIVE', 'Amount must be greater than 0');
  }
  if (amount.gt(max)) {
    throw new MoneyError(
      'AMOUNT_TOO_LARGE',
      `Amount ${amount.toFixed()} ${currency} exceeds the maximum of ${formatAmount(max, currency)} ${currency} for ${country}`,
    );
  }
}
