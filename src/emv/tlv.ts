import { EmvEncodeError, emvError, type EmvError } from './emv-error';

export interface TlvField {
  readonly id: string;
  readonly value: string;
  /** Offsets in code points: EMVCo lengths count characters, not UTF-16 units or bytes. */
  readonly valueStart: number;
  readonly end: number;
}

export interface TlvParse {
  readonly fields: TlvField[];
  readonly errors: EmvError[];
  /** False when a header could not be read and parsing stopped before the end of the data. */
  readonly complete: boolean;
}

const TWO_DIGITS = /^\d{2}$/;

export function codePointLength(value: string): number {
  return Array.from(value).length;
}

/**
 * Reads id-length-value fields until the data ends or a header cannot be read; after a bad id or
 * length nothing further can be located, so parsing stops there. `parentTag` names the template
 * being read, so errors point at "62.05" rather than "05".
 */
export function parseTlv(data: string, parentTag?: string): TlvParse {
  const chars = Array.from(data);
  const fields: TlvField[] = [];
  const errors: EmvError[] = [];
  const path = (id: string) => (parentTag === undefined ? id : `${parentTag}.${id}`);
  let position = 0;
  while (position < chars.length) {
    if (chars.length - position < 4) {
      errors.push(emvError('TRUNCATED_TLV', parentTag, `at character ${position}`));
      break;
    }
    const id = chars.slice(position, position + 2).join('');
    const lengthText = chars.slice(position + 2, position + 4).join('');
    if (!TWO_DIGITS.test(id)) {
      errors.push(emvError('INVALID_TAG_ID', parentTag, `${JSON.stringify(id)} at character ${position}`));
      break;
    }
    if (!TWO_DIGITS.test(lengthText)) {
      errors.push(emvError('INVALID_LENGTH', path(id), JSON.stringify(lengthText)));
      break;
    }
    const length = Number(lengthText);
    const valueStart = position + 4;
    const end = valueStart + length;
    if (end > chars.length) {
      errors.push(emvError('LENGTH_OVERRUN', path(id), `${length} declared, ${chars.length - valueStart} left`));
      break;
    }
    // An empty field is still a readable field: report it, keep it, and carry on.
    if (length === 0) errors.push(emvError('INVALID_LENGTH', path(id), '"00"'));
    fields.push({ id, value: chars.slice(valueStart, end).join(''), valueStart, end });
    position = end;
  }
  return { fields, errors, complete: position === chars.length };
}

/** Keeps the first field of each id, reporting every repeat. */
export function indexFields(
  fields: readonly TlvField[],
  errors: EmvError[],
  parentTag?: string,
): Map<string, TlvField> {
  const byId = new Map<string, TlvField>();
  for (const field of fields) {
    if (byId.has(field.id)) {
      errors.push(emvError('DUPLICATE_TAG', parentTag === undefined ? field.id : `${parentTag}.${field.id}`));
    } else {
      byId.set(field.id, field);
    }
  }
  return byId;
}

/** Reads a template's value as sub-fields, keyed by sub-tag id; `parsed` saves parsing it twice. */
export function readTemplate(
  field: TlvField,
  errors: EmvError[],
  parsed = parseTlv(field.value, field.id),
): Record<string, string> {
  errors.push(...parsed.errors);
  const record: Record<string, string> = {};
  for (const [id, sub] of indexFields(parsed.fields, errors, field.id)) record[id] = sub.value;
  return record;
}

export function buildTlv(id: string, value: string): string {
  const length = codePointLength(value);
  if (!TWO_DIGITS.test(id)) throw new EmvEncodeError([emvError('INVALID_TAG_ID', undefined, JSON.stringify(id))]);
  if (length < 1 || length > 99) throw new EmvEncodeError([emvError('INVALID_LENGTH', id, `${length} characters`)]);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}
