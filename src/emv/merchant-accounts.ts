import { emvError, type EmvError } from './emv-error';
import { isMerchantAccountTag } from './tag-ranges';
import { readTemplate, type TlvField } from './tlv';

export interface MerchantAccount {
  readonly tag: string;
  /** Globally unique identifier of the scheme (sub-tag 00); null for the primitive tags 02-25. */
  readonly gui: string | null;
  /** Sub-fields other than the GUI, by sub-tag id; empty for primitive tags. */
  readonly fields: Record<string, string>;
  /** The tag's raw value: the account number of a primitive tag, the encoded template otherwise. */
  readonly value: string;
}

/** Tags 02-25 are primitive card-scheme accounts; 26-51 are templates led by a GUI. */
export function readMerchantAccounts(fields: readonly TlvField[], errors: EmvError[]): MerchantAccount[] {
  const accounts = fields.filter((field) => isMerchantAccountTag(field.id));
  if (accounts.length === 0) errors.push(emvError('NO_MERCHANT_ACCOUNT'));
  return accounts.map((field) => {
    if (Number(field.id) < 26) return { tag: field.id, gui: null, fields: {}, value: field.value };
    const { '00': gui, ...rest } = readTemplate(field, errors);
    if (gui === undefined) errors.push(emvError('MISSING_GUI', field.id));
    return { tag: field.id, gui: gui ?? null, fields: rest, value: field.value };
  });
}
