const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Any RFC 4122 textual UUID, case-insensitive (the DICT's own EVP grammar checks no version). */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value.toLowerCase());
}

/** A version-4, RFC 4122-variant UUID, as the spec requires of a random (EVP) Pix key. */
export function isUuidV4(value: string): boolean {
  const lowered = value.toLowerCase();
  return UUID_SHAPE.test(lowered) && lowered[14] === '4' && '89ab'.includes(lowered[19]);
}
