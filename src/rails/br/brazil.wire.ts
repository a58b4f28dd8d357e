import { z } from 'zod';
import type { MovementWire } from '../http/movement-client';
import { identifier, positiveAmount } from '../wire-fields';

/**
 * Brazil's rails, after the central bank's: DICT (the Pix key directory) answers an entry for a
 * key, SPI (instant payments) settles a payment to it (ACSC) or rejects it (RJCT), and takes
 * returns ("devoluções") of a settled payment.
 */

export const BRAZIL_PATHS = {
  entries: '/br/dict/entries',
  payments: '/br/spi/payments',
  returns: '/br/spi/returns',
} as const;

/** The directory a Brazilian phone key's wallet is routed through, as the preview callback's `directory`. */
export const PIX_DIRECTORY = 'DICT';

export const DICT_KEY_TYPES = ['CPF', 'CNPJ', 'EMAIL', 'PHONE', 'EVP'] as const;

export const dictEntrySchema = z.object({
  key: z.string(),
  keyType: z.enum(DICT_KEY_TYPES),
  account: z.object({
    /** ISPB: the participant's 8-digit code. */
    participant: z.string(),
    participantName: z.string(),
    branch: z.string(),
    accountNumber: z.string(),
    /** CACC checking, SVGS savings, TRAN payment account. */
    accountType: z.enum(['CACC', 'SVGS', 'TRAN']),
  }),
  owner: z.object({
    type: z.enum(['NATURAL_PERSON', 'LEGAL_PERSON']),
    taxIdNumber: z.string(),
    name: z.string(),
  }),
});
export type DictEntry = z.infer<typeof dictEntrySchema>;

export const spiPaymentRequestSchema = z.strictObject({
  /** Our payout id: SPI settles one payment per idempotency key. */
  idempotencyKey: identifier,
  orderId: identifier,
  amount: positiveAmount,
  currency: z.literal('BRL'),
  creditorKey: z.string().min(1).max(100),
  /**
   * A phone key: the wallet (the account) the payer was shown and picked. SPI pays it only
   * while the key still names that account, never the account the key names now.
   */
  creditorWalletId: z.uuid().optional(),
});
export type SpiPaymentRequest = z.infer<typeof spiPaymentRequestSchema>;

export const spiReturnRequestSchema = z.strictObject({
  idempotencyKey: identifier,
  orderId: identifier,
  originalEndToEndId: identifier,
  amount: positiveAmount,
  currency: z.literal('BRL'),
});
export type SpiReturnRequest = z.infer<typeof spiReturnRequestSchema>;

const SPI_STATUSES = ['ACSC', 'RJCT', 'PDNG', 'NOT_FOUND'] as const;
export type SpiStatusWord = (typeof SPI_STATUSES)[number];

/** SPI's answer to a payment or return, and to a status inquiry. */
export const spiStatusSchema = z.object({
  status: z.enum(SPI_STATUSES),
  endToEndId: z.string().min(1).optional(),
  rejectReason: z.string().optional(),
});
export type SpiStatus = z.infer<typeof spiStatusSchema>;

export const SPI_MOVEMENTS: MovementWire<SpiStatusWord, SpiStatus> = {
  vocabulary: { completed: 'ACSC', rejected: 'RJCT', pending: 'PDNG', notFound: 'NOT_FOUND' },
  answer: spiStatusSchema,
  read: ({ status, endToEndId, rejectReason }) => ({ status, reference: endToEndId, reason: rejectReason }),
  write: ({ status, reference, reason }) => ({ status, endToEndId: reference, rejectReason: reason }),
};
