/**
 * Sandbox magic values: inputs that make the simulated outside world misbehave on purpose, so
 * integrators can exercise every branch. Amount triggers look only at the cents, which keeps
 * them usable in every currency and at any magnitude; key triggers are a fixed e-mail or a run
 * of nine equal digits, which no real-looking key contains by accident.
 */

export const NOT_FOUND_EMAIL = 'notfound@sandbox.test';
export const NOT_FOUND_DIGITS = '000000000';
export const REJECTED_EMAIL = 'rejected@sandbox.test';
export const REJECTED_DIGITS = '999999999';
export const UNKNOWN_QR_MERCHANT = 'UNKNOWN MERCHANT';

export const TRANSIENT_FAILURES_PER_ID = 2;
export const SLOW_ANSWER_MS = 3000;

export const AMOUNT_CENTS = {
  REJECT: '13',
  FLAKY: '42',
  FAIL: '50',
  SLOW: '77',
} as const;

export type AmountBehaviour = keyof typeof AMOUNT_CENTS | 'NORMAL';

/** "10.5" is 10.50 and "10" is 10.00: the cents are those of the value, not of the spelling. */
export function centsOf(amount: string): string {
  const fraction = amount.split('.')[1] ?? '';
  return fraction.padEnd(2, '0').slice(0, 2);
}

export function amountBehaviour(amount: string): AmountBehaviour {
  const cents = centsOf(amount);
  const entry = Object.entries(AMOUNT_CENTS).find(([, magic]) => magic === cents);
  return entry ? (entry[0] as keyof typeof AMOUNT_CENTS) : 'NORMAL';
}

export function isNotFoundKey(key: string): boolean {
  return key.toLowerCase() === NOT_FOUND_EMAIL || key.includes(NOT_FOUND_DIGITS);
}

export function isRejectedDestinationKey(key: string): boolean {
  return key.toLowerCase() === REJECTED_EMAIL || key.includes(REJECTED_DIGITS);
}

export interface MagicValueRow {
  value: string;
  appliesTo: string;
  behaviour: string;
}

export const MAGIC_VALUES: readonly MagicValueRow[] = [
  {
    value: `\`${NOT_FOUND_EMAIL}\``,
    appliesTo: 'key lookup (BR e-mail key)',
    behaviour: '404 → RailsDeclinedError KEY_NOT_FOUND',
  },
  {
    value: `any key containing \`${NOT_FOUND_DIGITS}\` (e.g. CPF \`00000000000\`, phone \`+51000000000\`)`,
    appliesTo: 'key lookup (all countries)',
    behaviour: '404 → RailsDeclinedError KEY_NOT_FOUND',
  },
  {
    value: `QR whose merchant name (tag 59) is \`${UNKNOWN_QR_MERCHANT}\``,
    appliesTo: 'QR merchant resolution',
    behaviour: '404 → RailsDeclinedError KEY_NOT_FOUND',
  },
  {
    value: `\`${REJECTED_EMAIL}\` or any key containing \`${REJECTED_DIGITS}\``,
    appliesTo: 'key lookup succeeds; payout to that key',
    behaviour: 'payout REJECTED, reason DESTINATION_ACCOUNT_CLOSED',
  },
  {
    value: `amount with cents \`.${AMOUNT_CENTS.REJECT}\` (e.g. \`100.${AMOUNT_CENTS.REJECT}\`)`,
    appliesTo: 'payout, refund',
    behaviour: 'REJECTED (payout reason DESTINATION_REFUSED)',
  },
  {
    value: `amount with cents \`.${AMOUNT_CENTS.FLAKY}\``,
    appliesTo: 'payout, refund',
    behaviour: `first ${TRANSIENT_FAILURES_PER_ID} attempts per payoutId/refundId answer 503 (RailsUnavailableError), the next one COMPLETED`,
  },
  {
    value: `amount with cents \`.${AMOUNT_CENTS.FAIL}\``,
    appliesTo: 'payout, refund',
    behaviour: '500 on every attempt (RailsUnavailableError forever: the caller eventually fails the order)',
  },
  {
    value: `amount with cents \`.${AMOUNT_CENTS.SLOW}\``,
    appliesTo: 'payout, refund',
    behaviour: `answers after ${SLOW_ANSWER_MS / 1000} s, then COMPLETED (beyond a shorter client timeout: RailsUnavailableError)`,
  },
];

/** The table for the README's Sandbox section. */
export function magicValuesMarkdown(): string {
  const rows = MAGIC_VALUES.map((row) => `| ${row.value} | ${row.appliesTo} | ${row.behaviour} |`);
  return ['| value | applies to | behaviour |', '|---|---|---|', ...rows].join('\n');
}
