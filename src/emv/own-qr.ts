import { isUuid } from '../keys';
import type { EmvDecodeResult } from './decode-result';

/**
 * The merchant account this service writes into the QR codes it creates for its clients' POS:
 * tag 26 with our GUI, the collector's code (its merchant account) and the order the QR pays.
 * A QR carrying it is resolved here, never through an acquirer.
 */
export const OWN_GUI = 'com.crossborderpayments';
export const OWN_ACCOUNT_TAG = '26';

export function ownMerchantAccount(collectorCode: string, orderId: string) {
  return { tag: OWN_ACCOUNT_TAG, gui: OWN_GUI, fields: { '01': collectorCode, '02': orderId } };
}

/** The order a QR created here pays, or null for any other QR. */
export function ownQrOrderId(decoded: Pick<EmvDecodeResult, 'merchant_accounts'>): string | null {
  const account = decoded.merchant_accounts.find((candidate) => candidate.gui === OWN_GUI);
  const orderId = account?.fields['02'];
  return orderId !== undefined && isUuid(orderId) ? orderId : null;
}
