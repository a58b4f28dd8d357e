/** What `validatePaymentKey` answers for a refused key: the reason, if any, then the allowed types. */
export function refusal(reason: string | null, allowedTypes: string) {
  return {
    ok: false,
    code: 'INVALID_DICT_KEY',
    reason,
    message: allowedTypes,
    messages: reason === null ? [allowedTypes] : [reason, allowedTypes],
  };
}
