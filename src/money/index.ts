export { Decimal } from './decimal';
export { MoneyError, type MoneyErrorCode } from './money-error';
export {
  CURRENCY_CODES,
  PAYMENT_CURRENCIES,
  currencyByAlpha,
  currencyByNumeric,
  isPaymentCurrency,
  isSupportedCurrency,
  type Currency,
  type CurrencyCode,
  type PaymentCurrency,
} from './currency';
export {
  AMOUNT_CEILING,
  POSITIVE_AMOUNT_TEXT,
  amountToJsonNumber,
  formatAmount,
  fromMinorUnits,
  parseAmount,
  roundToMinor,
  toMinorUnits,
} from './amount';
export { LimitConfigError, amountLimitsOf, assertWithinLimits, type AmountLimits, type LimitBasis } from './limits';
export { RATE_DECIMALS, applySpread, convert, formatRate, inverseRate } from './fx';
export { cumulativeUserRefund, refundShare, type CumulativeRefundInput, type RefundShareInput } from './pro-rata';
