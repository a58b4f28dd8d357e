import type { KeyRule } from './key-rule';

/**
 * The DICT's e-mail grammar (Pix), applied to every country that takes e-mail keys so one
 * address is judged the same way everywhere. 77 characters is the DICT's limit.
 */
const EMAIL_MAX_LENGTH = 77;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const EMAIL = new RegExp(`^[a-z0-9.!#$&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`);

/** Returns the lower-cased address when it is an acceptable e-mail key, else null. */
function normalizeEmail(key: string): string | null {
  // The DICT stores e-mail keys in lower case, so case is not part of the key's identity.
  const lowered = key.toLowerCase();
  return lowered.length <= EMAIL_MAX_LENGTH && EMAIL.test(lowered) ? lowered : null;
}

/** The e-mail key type, the same in every country that takes one. */
export const EMAIL_KEY_RULE = {
  type: 'EMAIL',
  label: 'EMAIL',
  description: `an e-mail address of at most ${EMAIL_MAX_LENGTH} characters, kept in lower case.`,
  normalize: normalizeEmail,
} as const satisfies KeyRule;

/** Why a key with an "@" that `normalizeEmail` refused is not an e-mail key. */
export function diagnoseEmail(key: string): string | null {
  if (!key.includes('@')) return null;
  return key.length > EMAIL_MAX_LENGTH
    ? `dict_key: an e-mail key has at most ${EMAIL_MAX_LENGTH} characters`
    : 'dict_key: not a valid e-mail address';
}
