import { z } from 'zod';
import type { MovementWire } from '../http/movement-client';
import { identifier, positiveAmount } from '../wire-fields';

/**
 * Peru's rails: the CCE (the interbank clearing house) answers who holds a CCI and settles
 * transfers to it; the mobile-wallet directory (Yape, Plin…) lists the wallets linked to a phone
 * and, once the payer picks one, the account behind it. Transfer states are the CCE's own,
 * in Spanish.
 */

export const PERU_PATHS = {
  accounts: '/pe/cce/accounts/lookup',
  wallets: '/pe/wallets/lookup',
  walletSelection: '/pe/wallets/select',
  transfers: '/pe/cce/transfers',
  reversals: '/pe/cce/reversals',
} as const;

export const cciLookupRequestSchema = z.strictObject({ cci: z.string().regex(/^\d{20,22}$/) });
export const walletLookupRequestSchema = z.strictObject({ phone: z.string().regex(/^\+51\d{9}$/) });
export const walletSelectionRequestSchema = z.strictObject({ walletRecordId: identifier, walletId: identifier });

const cceAccountSchema = z.object({
  titular: z.object({ nombre: z.string(), documento: z.string() }),
  entidad: z.object({ codigo: z.string(), nombre: z.string() }),
  oficina: z.string(),
  numeroCuenta: z.string(),
  tipoCuenta: z.enum(['CORRIENTE', 'AHORROS']),
  mcc: z.string(),
  codigoPostal: z.string().nullable(),
  terminal: z.string().nullable(),
});
export type CceAccount = z.infer<typeof cceAccountSchema>;

export const cciAccountSchema = z.object({ cci: z.string(), cuenta: cceAccountSchema });
export type CciAccountAnswer = z.infer<typeof cciAccountSchema>;

const walletEntrySchema = z.object({
  walletId: z.uuid({ version: 'v4' }),
  celular: z.string(),
  codigoEntidad: z.string(),
  codigoDirectorio: z.string(),
  nombreEntidad: z.string(),
  presencial: z.boolean(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletDirectorySchema = z.object({
  celular: z.string(),
  walletRecordId: z.string(),
  /** The holder's default wallet account: the first wallet's. */
  cuenta: cceAccountSchema,
  billeteras: z.array(walletEntrySchema).min(1),
});
export type WalletDirectoryAnswer = z.infer<typeof walletDirectorySchema>;

export const walletSelectionSchema = z.object({ cuenta: cceAccountSchema, nombreBilletera: z.string() });
export type WalletSelectionAnswer = z.infer<typeof walletSelectionSchema>;

export const cceTransferRequestSchema = z.strictObject({
  idTransferencia: identifier,
  idOrden: identifier,
  monto: positiveAmount,
  moneda: z.literal('PEN'),
  destino: z.union([
    z.strictObject({ cci: z.string() }),
    z.strictObject({ celular: z.string(), walletId: identifier }),
  ]),
});
export type CceTransferRequest = z.infer<typeof cceTransferRequestSchema>;

export const cceReversalRequestSchema = z.strictObject({
  idReverso: identifier,
  idOrden: identifier,
  referenciaOriginal: identifier,
  monto: positiveAmount,
  moneda: z.literal('PEN'),
});
export type CceReversalRequest = z.infer<typeof cceReversalRequestSchema>;

const CCE_STATES = ['LIQUIDADA', 'RECHAZADA', 'EN_PROCESO', 'NO_EXISTE'] as const;
export type CceState = (typeof CCE_STATES)[number];

export const cceMovementSchema = z.object({
  estado: z.enum(CCE_STATES),
  referencia: z.string().min(1).optional(),
  motivo: z.string().optional(),
});
export type CceMovement = z.infer<typeof cceMovementSchema>;

export const CCE_MOVEMENTS: MovementWire<CceState, CceMovement> = {
  vocabulary: { completed: 'LIQUIDADA', rejected: 'RECHAZADA', pending: 'EN_PROCESO', notFound: 'NO_EXISTE' },
  answer: cceMovementSchema,
  read: ({ estado, referencia, motivo }) => ({ status: estado, reference: referencia, reason: motivo }),
  write: ({ status, reference, reason }) => ({ estado: status, referencia: reference, motivo: reason }),
};
