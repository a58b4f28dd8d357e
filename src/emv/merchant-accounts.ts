import { emvError, type EmvError } from './emv-error';
import { isMerchantAccountTag } from './tag-ranges';
import { parseTlv, readTemplate, type TlvField } from './tlv';

/**
 * How an account's value was read: `primitive` for the card-network tags 02-25 (the value is the
 * network's merchant id), `template` for 26-51 read as sub-fields led by a GUI, `opaque` for a
 * 26-51 tag whose value is not a sub-TLV at all, kept as written.
 */
export type MerchantAccountFormat = 'primitive' | 'template' | 'opaque';

export interface MerchantAccount {
  readonly tag: string;
  readonly format: MerchantAccountFormat;
  /** Globally unique identifier of the scheme (sub-tag 00); null unless `format` is template. */
  readonly gui: string | null;
  /** Sub-fields other than the GUI, by sub-tag id; empty unless `format` is template. */
  readonly fields: Record<string, string>;
  /** The tag's raw value: the account number of a primitive tag, the encoded template otherwise. */
  readonly value: string;
}

export function readMerchantAccounts(fields: readonly TlvField[], errors: EmvError[]): MerchantAccount[] {
  const accounts = fields.filter((field) => isMerchantAccountTag(field.id));
  if (accounts.length === 0) errors.push(emvError('NO_MERCHANT_ACCOUNT'));
  return accounts.map((field) => {
    if (Number(field.id) < 26) return { tag: field.id, format: 'primitive', gui: null, fields: {}, value: field.value };
    return readAccountTemplate(field, errors);
  });
}

/** A GUI sub-field header: id 00 and a two-digit length. */
const GUI_HEADER = /^00\d{2}/;

/**
 * Schemes put their own data in 26-51, and some do not use sub-TLVs: a value that cannot be read
 * as sub-fields is that scheme's business, not a defect. A value that opens with a GUI header is
 * a template, though, and a broken one is reported as such: a Pix account cut short must not
 * pass for an opaque one.
 */
function readAccountTemplate(field: TlvField, errors: EmvError[]): MerchantAccount {
  const parsed = parseTlv(field.value, field.id);
  if (!parsed.complete && !GUI_HEADER.test(field.value)) {
    return { tag: field.id, format: 'opaque', gui: null, fields: {}, value: field.value };
  }
  const { '00': gui, ...rest } = readTemplate(field, errors, parsed);
  if (gui === undefined) errors.push(emvError('MISSING_GUI', field.id));
  return { tag: field.id, format: 'template', gui: gui ?? null, fields: rest, value: field.value };
}
