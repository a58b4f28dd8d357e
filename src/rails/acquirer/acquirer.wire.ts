import { z } from 'zod';
import type { MovementWire } from '../http/movement-client';
import { PAYMENT_CURRENCIES } from '../../money';
import { COUNTRY_CODES } from '../countries';
import { identifier, positiveAmount } from '../wire-fields';

/**
 * The QR acquirer's wire: it knows the merchant behind an EMVCo QR, pays merchants out in local
 * currency and reverses those payouts. Requests are strict (the acquirer answers 400 to anything
 * unexpected); responses strip unknown fields, so the acquirer may add some without breaking us.
 */

export const ACQUIRER_PATHS = {
  merchants: '/acquirer/merchants/resolve',
  payouts: '/acquirer/payouts',
  refunds: '/acquirer/refunds',
} as const;

export const merchantLookupRequestSchema = z.strictObject({ qr: z.string().min(1).max(512) });

export const merchantSchema = z.object({
  merchantName: z.string(),
  merchantTaxId: z.string(),
  /** The store or terminal label; empty when the QR names neither. */
  storeLabel: z.string(),
});
export type AcquirerMerchant = z.infer<typeof merchantSchema>;

export const acquirerPayoutRequestSchema = z.strictObject({
  payoutId: identifier,
  orderId: identifier,
  country: z.enum(COUNTRY_CODES),
  currency: z.enum(PAYMENT_CURRENCIES),
  amount: positiveAmount,
  qr: z.string().min(1).max(512),
});
export type AcquirerPayoutRequest = z.infer<typeof acquirerPayoutRequestSchema>;

export const acquirerRefundRequestSchema = z.strictObject({
  refundId: identifier,
  orderId: identifier,
  payoutReference: identifier,
  amount: positiveAmount,
  currency: z.enum(PAYMENT_CURRENCIES),
});
export type AcquirerRefundRequest = z.infer<typeof acquirerRefundRequestSchema>;

const ACQUIRER_STATUSES = ['SETTLED', 'DECLINED', 'IN_PROGRESS', 'UNKNOWN_ID'] as const;
export type AcquirerStatusWord = (typeof ACQUIRER_STATUSES)[number];

/** Its answer to a payout or refund, and to a status inquiry (UNKNOWN_ID: it never executed that id). */
export const acquirerMovementSchema = z.object({
  status: z.enum(ACQUIRER_STATUSES),
  reference: z.string().min(1).optional(),
  declineReason: z.string().optional(),
});
export type AcquirerMovement = z.infer<typeof acquirerMovementSchema>;

export const ACQUIRER_MOVEMENTS: MovementWire<AcquirerStatusWord, AcquirerMovement> = {
  vocabulary: { completed: 'SETTLED', rejected: 'DECLINED', pending: 'IN_PROGRESS', notFound: 'UNKNOWN_ID' },
  answer: acquirerMovementSchema,
  read: ({ status, reference, declineReason }) => ({ status, reference, reason: declineReason }),
  write: ({ status, reference, reason }) => ({ status, reference, declineReason: reason }),
};
