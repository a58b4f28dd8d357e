/**
 * A value for a QR's text fields (merchant name and city, labels): EMVCo's common character set
 * is printable ASCII, and each field has a maximum length. Accents are dropped ("São Paulo" →
 * "Sao Paulo"), anything else outside the set removed, and the result cut to `max` characters.
 */
export function emvText(value: string, max: number): string {
  const ascii = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  return ascii.slice(0, max).trimEnd();
}
