import type { KeyCountry } from '../../src/rails/countries';

/**
 * Sandbox magic values: inputs that make the simulated outside world misbehave on purpose, so
 * integrators can exercise every branch. Amount triggers are a handful of exact values made of
 * repeated digits (1313.13, not "any amount ending in .13"): a price somebody types by accident
 * must never fail a payout. Key triggers are a fixed e-mail or a run of eight equal digits,
 * which real keys hardly contain, in keys that pass the service's own validation (check digits
 * included), so that every country's every key type can be tried.
 */

export const NOT_FOUND_EMAIL = 'notfound@sandbox.test';
export const NOT_FOUND_DIGITS = '00000000';
export const REJECTED_EMAIL = 'rejected@sandbox.test';
export const REJECTED_DIGITS = '99999999';

/** Valid keys that trigger them, for the README and the tests: some of every key country's. */
export const MAGIC_KEYS = {
  notFound: {
    BR: ['notfound@sandbox.test', '00000000191', '+5511900000000', '00000000-0000-4000-8000-000000000000'],
    PE: ['00219300000000000010', '+51900000000'],
    CO: ['0000000000', '+573000000000'],
  },
  closedAccount: {
    BR: ['rejected@sandbox.test', '99999999050', '+5511999999999'],
    PE: ['00219399999999000018', '+51999999999'],
    CO: ['9999999999'],
  },
} as const satisfies Record<string, Record<KeyCountry, readonly string[]>>;
export const UNKNOWN_QR_MERCHANT = 'UNKNOWN MERCHANT';

export const TRANSIENT_FAILURES_PER_ID = 2;
export const SLOW_ANSWER_MS = 3000;

/** Exact amounts in major units, as documented; "5050.5" and "5050.500" are the same value. */
export const MAGIC_AMOUNTS = {
  REJECT: '1313.13',
  FLAKY: '4242.42',
  FAIL: '5050.50',
  LOST: '6060.60',
  SLOW: '7777.77',
} as const;

export type AmountBehaviour = keyof typeof MAGIC_AMOUNTS | 'NORMAL';

/** The value's one spelling: no leading zeros, no trailing fractional zeros. */
export function canonicalAmount(amount: string): string {
  const [whole = '', fraction = ''] = amount.split('.');
  const integer = whole.replace(/^0+(?=\d)/, '');
  const decimals = fraction.replace(/0+$/, '');
  return decimals ? `${integer}.${decimals}` : integer;
}

export function amountBehaviour(amount: string): AmountBehaviour {
  const canonical = canonicalAmount(amount);
  const entry = Object.entries(MAGIC_AMOUNTS).find(([, magic]) => canonicalAmount(magic) === canonical);
  return entry ? (entry[0] as keyof typeof MAGIC_AMOUNTS) : 'NORMAL';
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
    value: `any key containing \`${NOT_FOUND_DIGITS}\` (e.g. CPF \`00000000191\`, CCI \`00219300000000000010\`, phones \`+51900000000\`, \`+5511900000000\`, Bre-B \`0000000000\`)`,
    appliesTo: 'key lookup (all countries)',
    behaviour: '404 → RailsDeclinedError KEY_NOT_FOUND',
  },
  {
    value: `QR whose merchant name (tag 59) is \`${UNKNOWN_QR_MERCHANT}\``,
    appliesTo: 'QR merchant resolution',
    behaviour: '404 → RailsDeclinedError KEY_NOT_FOUND',
  },
  {
    value: `\`${REJECTED_EMAIL}\` or any key containing \`${REJECTED_DIGITS}\` (e.g. CPF \`99999999050\`, CCI \`00219399999999000018\`, phone \`+51999999999\`, Bre-B \`9999999999\`)`,
    appliesTo: 'key lookup succeeds; payout to that key',
    behaviour: 'payout REJECTED, reason DESTINATION_ACCOUNT_CLOSED',
  },
  {
    value: `amount \`${MAGIC_AMOUNTS.REJECT}\``,
    appliesTo: 'payout, refund',
    behaviour: 'REJECTED (payout reason DESTINATION_REFUSED)',
  },
  {
    value: `amount \`${MAGIC_AMOUNTS.FLAKY}\``,
    appliesTo: 'payout, refund',
    behaviour: `the first ${TRANSIENT_FAILURES_PER_ID} requests per payoutId/refundId answer 503 without executing, the next one COMPLETED`,
  },
  {
    value: `amount \`${MAGIC_AMOUNTS.FAIL}\``,
    appliesTo: 'payout, refund',
    behaviour: '500 on every request, never executed; the status inquiry answers NOT_FOUND',
  },
  {
    value: `amount \`${MAGIC_AMOUNTS.LOST}\``,
    appliesTo: 'payout, refund',
    behaviour:
      'executed (COMPLETED), but every answer to the request is lost (504); the status inquiry answers COMPLETED',
  },
  {
    value: `amount \`${MAGIC_AMOUNTS.SLOW}\``,
    appliesTo: 'payout, refund',
    behaviour: `answers after ${SLOW_ANSWER_MS / 1000} s, then COMPLETED (PENDING to the status inquiry meanwhile)`,
  },
];

/** The table for the README's Sandbox section. */
export function magicValuesMarkdown(): string {
  const rows = MAGIC_VALUES.map((row) => `| ${row.value} | ${row.appliesTo} | ${row.behaviour} |`);
  return ['| value | applies to | behaviour |', '|---|---|---|', ...rows].join('\n');
}
