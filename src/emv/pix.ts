import { isUuid } from '../keys';
import { emvError, type EmvError } from './emv-error';
import type { MerchantAccount } from './merchant-accounts';
import type { QrScope } from './qr-scope';

export const PIX_GUI = 'br.gov.bcb.pix';

/** A template read by sub-tag, as the decoder reads tags 80-99. */
export interface TemplateFields {
  readonly tag: string;
  readonly fields: Record<string, string>;
}

export interface PixData {
  readonly key: string | null;
  /** The dynamic-QR location, written without "https://" as the BR Code manual requires. */
  readonly url: string | null;
  readonly description: string | null;
  /** Pix Automático: where the recurrence parameters are read (a template 80-99, sub-tag 25). */
  readonly recurrence_url: string | null;
}

/** The BR Code manual spells the GUI in either case in its own examples. */
function isPixGui(gui: string | null | undefined): boolean {
  return gui?.toLowerCase() === PIX_GUI;
}

export function findPixAccount(accounts: readonly MerchantAccount[]): MerchantAccount | undefined {
  return accounts.find((account) => isPixGui(account.gui));
}

/**
 * The Pix manual's composite QR ("QR Code composto") offers a Pix Automático recurrence in an
 * unreserved template (80-99) led by the Pix GUI, with the parameters' URL in sub-tag 25.
 */
function findRecurrenceUrl(unreservedTemplates: readonly TemplateFields[]): string | null {
  return unreservedTemplates.find((template) => isPixGui(template.fields['00']))?.fields['25'] ?? null;
}

export function readPix(account: MerchantAccount, unreservedTemplates: readonly TemplateFields[]): PixData {
  return {
    key: account.fields['01'] ?? null,
    url: account.fields['25'] ?? null,
    description: account.fields['02'] ?? null,
    recurrence_url: findRecurrenceUrl(unreservedTemplates),
  };
}

/** True for the composite QR that only asks to authorise a recurrence: there is nothing to pay now. */
export function isRecurrenceOnly(pix: PixData): boolean {
  return pix.key === null && pix.url === null && pix.recurrence_url !== null;
}

/**
 * A key is accepted when the payment-key API would accept it (the scope says), or when it is any
 * UUID: the DICT's random-key grammar checks no version, and the Central Bank's own published
 * example carries a version-1 UUID, while the payment-key API follows the spec's "version 4".
 * Tag 26 may carry the GUI alone when the QR only offers a recurrence: EMVCo wants at least one
 * merchant account, and the manual's own example fills it so.
 */
export function pixRuleErrors(
  account: MerchantAccount,
  context: {
    readonly additionalData: Record<string, string>;
    readonly unreservedTemplates: readonly TemplateFields[];
    readonly scope: QrScope;
  },
): EmvError[] {
  const pix = readPix(account, context.unreservedTemplates);
  const errors: EmvError[] = [];
  if (pix.key === null && pix.url === null && pix.recurrence_url === null)
    errors.push(emvError('PIX_MISSING_KEY_OR_URL', account.tag));
  if (pix.key !== null && pix.url !== null) errors.push(emvError('PIX_KEY_AND_URL', account.tag));
  if (pix.key !== null && !context.scope.isPixKey(pix.key) && !isUuid(pix.key)) {
    errors.push(emvError('PIX_INVALID_KEY', `${account.tag}.01`));
  }
  if (context.additionalData.reference_label === undefined) errors.push(emvError('PIX_MISSING_TXID', '62.05'));
  return errors;
}
