/** 16 bytes written as a UUID of version 4 and the RFC 4122 variant: the form the spec gives wallet ids. */
export function uuidV4Form(source: Uint8Array): string {
  if (source.length < 16) throw new RangeError('a UUID needs 16 bytes');
  const bytes = Buffer.from(source.subarray(0, 16));
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
