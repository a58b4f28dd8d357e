/**
 * The minimum of EMV QR reading an acquirer needs to find a merchant: top-level
 * tag-length-value pairs (two-digit id, two-digit length). No CRC check on purpose: the
 * service's own QR decoder validates the payload before the rail ever sees it.
 */
export function parseTlv(payload: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let offset = 0;
  while (offset < payload.length) {
    const id = payload.slice(offset, offset + 2);
    const lengthText = payload.slice(offset + 2, offset + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null;
    const end = offset + 4 + Number(lengthText);
    if (end > payload.length) return null;
    fields.set(id, payload.slice(offset + 4, end));
    offset = end;
  }
  return fields;
}
