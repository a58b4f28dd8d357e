/**
 * Every `error_code` an error body may carry, with its status and what a program should do: the
 * one table the OpenAPI document shows (src/openapi/openapi-document.ts). ApiError takes only
 * these, so a new code cannot reach an integrator undocumented.
 */
export const ERROR_CODES = {
  INVALID_DICT_KEY: [
    400,
    'The payment key is not valid for its country, or the directory does not know it. Fix the key.',
  ],
  INVALID_STATUS: [409, 'The order or refund is in a status that does not allow the operation. Read its status.'],
  ALREADY_PROCESSED: [
    409,
    'This external_reference already has an order, or the order was already decided. Do not resend.',
  ],
  REQUEST_IN_PROGRESS: [409, 'A request with this Idempotency-Key is still running. Retry after Retry-After seconds.'],
  AMOUNT_EXCEEDS_REFUNDABLE: [422, 'The refund is larger than what is left to refund on the order. Lower the amount.'],
  IDEMPOTENCY_KEY_REUSED: [422, 'This Idempotency-Key was used with a different request. Use a new key.'],
  RATE_LIMITED: [429, "The client's quota for this class of route is spent. Retry after Retry-After seconds."],
  INTERNAL_ERROR: [
    500,
    'An unexpected error, logged with the request id. Retry later; report the request_id if it lasts.',
  ],
  OVERLOADED: [503, 'The workers are behind; nothing was done. Retry after Retry-After seconds.'],
  SERVICE_UNAVAILABLE: [
    503,
    'PostgreSQL or Temporal is out of reach; nothing was done. Retry after Retry-After seconds.',
  ],
  UPSTREAM_ERROR: [503, 'A rail or the FX provider is unavailable. Retry after Retry-After seconds.'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * What each entry of a 400's `errors` says of its field: zod's issue codes, upper-cased, and
 * INVALID for a rule the service checks itself (a QR's CRC, a key's check digits, a limit).
 */
export const FIELD_ERROR_CODES = [
  'INVALID_TYPE',
  'INVALID_VALUE',
  'INVALID_FORMAT',
  'TOO_SMALL',
  'TOO_BIG',
  'UNKNOWN_FIELD',
  'INVALID',
] as const;

export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** The table, in Markdown, for the OpenAPI document's description. */
export function errorCodeTable(): string {
  const rows = Object.entries(ERROR_CODES).map(
    ([code, [status, meaning]]) => `| \`${code}\` | ${status} | ${meaning} |`,
  );
  return ['| error_code | status | meaning and what to do |', '|---|---|---|', ...rows].join('\n');
}
