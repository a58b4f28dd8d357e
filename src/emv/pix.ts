import { isUuid, validatePaymentKey } from '../keys';
import { emvError, type EmvError } from './emv-error';
import type { MerchantAccount } from './merchant-accounts';

export const PIX_GUI = 'br.gov.bcb.pix';

export interface PixData {
  readonly key: string | null;
  /** The dynamic-QR location, written without "https://" as the BR Code manual requires. */
  readonly url: string | null;
  readonly description: string | null;
}

/** The BR Code manual spells the GUI in either case in its own examples. */
export function findPixAccount(accounts: readonly MerchantAccount[]): MerchantAccount | undefined {
  return accounts.find((account) => account.gui?.toLowerCase() === PIX_GUI);
}

export function readPix(account: MerchantAccount): PixData {
  return {
    key: account.fields['01'] ?? null,
    url: account.fields['25'] ?? null,
    description: account.fields['02'] ?? null,
  };
}

/**
 * A key is accepted when the payment-key API would accept it, or when it is any UUID: the
 * DICT's random-key grammar checks no version, and the Central Bank's own published example
 * carries a version-1 UUID, while the payment-key API follows the spec's "version 4".
 */
export function pixRuleErrors(account: MerchantAccount, additionalData: Record<string, string>): EmvError[] {
  const { key, url } = readPix(account);
  const errors: EmvError[] = [];
  if (key === null && url === null) errors.push(emvError('PIX_MISSING_KEY_OR_URL', account.tag));
  if (key !== null && url !== null) errors.push(emvError('PIX_KEY_AND_URL', account.tag));
  if (key !== null && !validatePaymentKey('BR', key).ok && !isUuid(key)) {
    errors.push(emvError('PIX_INVALID_KEY', `${account.tag}.01`));
  }
  if (additionalData.reference_label === undefined) errors.push(emvError('PIX_MISSING_TXID', '62.05'));
  return errors;
}
