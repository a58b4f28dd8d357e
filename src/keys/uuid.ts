const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Version 4 (the third group starts with 4), RFC 4122 variant (the fourth starts with 8, 9, a or b). */
const UUID_V4_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Any RFC 4122 textual UUID, case-insensitive (the DICT's own EVP grammar checks no version). */
export function isUuid(value: string): boolean {
  return UUID_SHAPE.test(value.toLowerCase());
}

/** A version-4, RFC 4122-variant UUID, as the spec requires of a random (EVP) Pix key. */
export function isUuidV4(value: string): boolean {
  return UUID_V4_SHAPE.test(value.toLowerCase());
}
