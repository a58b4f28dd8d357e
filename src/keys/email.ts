/**
 * The DICT's e-mail grammar (Pix), applied to every country that takes e-mail keys so one
 * address is judged the same way everywhere. 77 characters is the DICT's limit.
 */
const EMAIL_MAX_LENGTH = 77;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const EMAIL = new RegExp(`^[a-z0-9.!#$&'*+/=?^_\`{|}~-]+@${LABEL}(?:\\.${LABEL})+$`);

/** Returns the lower-cased address when it is an acceptable e-mail key, else null. */
export function normalizeEmail(key: string): string | null {
  // The DICT stores e-mail keys in lower case, so case is not part of the key's identity.
  const lowered = key.toLowerCase();
  return lowered.length <= EMAIL_MAX_LENGTH && EMAIL.test(lowered) ? lowered : null;
}
