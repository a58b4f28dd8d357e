import type { PayoutDestination } from '../rails/rails.port';
import type { OrderEntity } from './order.entity';

/** Where an order's payout goes: the merchant behind its QR, or its payment key (and the wallet the payer picked). */
export function payoutDestinationOf(
  order: Pick<OrderEntity, 'flow' | 'qrPayload' | 'paymentKey' | 'walletId'>,
): PayoutDestination {
  if (order.flow === 'KEY')
    return { type: 'KEY', key: order.paymentKey!, ...(order.walletId ? { walletId: order.walletId } : {}) };
  return { type: 'QR', qr: order.qrPayload! };
}

/** The destination once the payer picked a wallet; a QR destination has none to pick. */
export function withWallet(destination: PayoutDestination, walletId: string | undefined): PayoutDestination {
  return destination.type === 'KEY' && walletId !== undefined ? { ...destination, walletId } : destination;
}

/**
 * Why `walletId` cannot pay `order`, or null. A phone key is paid into the wallet the payer
 * picks among those its preview listed; an order whose preview listed none takes no wallet:
 * every other key, a QR, and a Brazilian or Colombian phone key previewed before such keys
 * listed their one wallet (docs/decisions.md), which is paid to its key as it was previewed.
 */
export function walletRefusal(
  order: Pick<OrderEntity, 'wallets'>,
  walletId: string | undefined,
  accepted: boolean,
): string | null {
  if (order.wallets === null)
    return walletId === undefined ? null : 'this order takes no wallet: its preview listed none';
  if (!accepted) return null;
  if (walletId === undefined) return 'required: pick one of the wallets the preview listed';
  return order.wallets.some((wallet) => wallet.id === walletId) ? null : 'not one of the wallets the preview listed';
}
