import { crc16 } from './crc16';
import { emvError, type EmvError } from './emv-error';
import type { TlvField } from './tlv';

// Pairs, not an object: JavaScript would list the integer-like keys before "00".
const REQUIRED_TAGS: readonly [string, string][] = [
  ['00', 'payload format indicator'],
  ['52', 'merchant category code'],
  ['53', 'transaction currency'],
  ['58', 'country code'],
  ['59', 'merchant name'],
  ['60', 'merchant city'],
];

export function checkRequiredTags(byId: ReadonlyMap<string, TlvField>, errors: EmvError[]): void {
  for (const [id, name] of REQUIRED_TAGS) {
    if (!byId.has(id)) errors.push(emvError('MISSING_TAG', id, name));
  }
}

export function checkPayloadFormatIndicator(fields: readonly TlvField[], errors: EmvError[]): void {
  const indicator = fields.find((field) => field.id === '00');
  if (indicator === undefined) return;
  if (fields[0] !== indicator) errors.push(emvError('PAYLOAD_FORMAT_INDICATOR_NOT_FIRST', '00'));
  if (indicator.value !== '01')
    errors.push(emvError('INVALID_PAYLOAD_FORMAT_INDICATOR', '00', JSON.stringify(indicator.value)));
}

/**
 * The CRC covers everything before its own value, tag and length included ("...6304"). The
 * declared value is compared case-insensitively: hex is hex, and the encoder writes upper case.
 */
export function checkCrc(
  payload: string,
  crcField: TlvField | undefined,
  errors: EmvError[],
): { declared: string | null; computed: string | null } {
  if (crcField === undefined) {
    errors.push(emvError('CRC_MISSING', '63'));
    return { declared: null, computed: null };
  }
  const chars = Array.from(payload);
  const computed = crc16(chars.slice(0, crcField.valueStart).join(''));
  const declared = crcField.value;
  if (crcField.end !== chars.length) errors.push(emvError('CRC_NOT_LAST', '63'));
  if (!/^[0-9A-Fa-f]{4}$/.test(declared)) {
    errors.push(emvError('INVALID_CRC_FORMAT', '63', JSON.stringify(declared)));
  } else if (declared.toUpperCase() !== computed) {
    errors.push(emvError('CRC_MISMATCH', '63', `declared ${declared}, computed ${computed}`));
  }
  return { declared, computed };
}
