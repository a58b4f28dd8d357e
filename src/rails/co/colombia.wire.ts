import { z } from 'zod';
import type { MovementWire } from '../http/movement-client';
import { identifier, positiveAmount } from '../wire-fields';

/**
 * Colombia's Bre-B, the central bank's instant-payment system: its directory answers the holder
 * behind a key ("llave"), and it settles transfers to a key and their returns ("devoluciones").
 * Field names and states are Bre-B's own, in Spanish.
 */

export const COLOMBIA_PATHS = {
  keys: '/co/breb/llaves',
  transfers: '/co/breb/transferencias',
  returns: '/co/breb/devoluciones',
} as const;

/** The directory a Colombian phone key's wallet is routed through, as the preview callback's `directory`. */
export const BREB_DIRECTORY = 'BREB';

export const brebKeySchema = z.object({
  llave: z.string(),
  titular: z.object({ nombre: z.string(), tipoDocumento: z.enum(['CC', 'NIT']), numeroDocumento: z.string() }),
  cuenta: z.object({
    codigoEntidad: z.string(),
    nombreEntidad: z.string(),
    sucursal: z.string(),
    numero: z.string(),
    tipo: z.enum(['CORRIENTE', 'AHORROS', 'DEPOSITO']),
  }),
});
export type BrebKey = z.infer<typeof brebKeySchema>;

export const brebTransferRequestSchema = z.strictObject({
  idTransferencia: identifier,
  idOrden: identifier,
  valor: positiveAmount,
  moneda: z.literal('COP'),
  llave: z.string().min(1).max(100),
  /** A phone key: the wallet (the account) the payer picked; paid only while the key still names it. */
  idBilletera: z.uuid().optional(),
});
export type BrebTransferRequest = z.infer<typeof brebTransferRequestSchema>;

export const brebReturnRequestSchema = z.strictObject({
  idDevolucion: identifier,
  idOrden: identifier,
  referenciaOriginal: identifier,
  valor: positiveAmount,
  moneda: z.literal('COP'),
});
export type BrebReturnRequest = z.infer<typeof brebReturnRequestSchema>;

const BREB_STATES = ['EXITOSA', 'RECHAZADA', 'EN_CURSO', 'INEXISTENTE'] as const;
export type BrebState = (typeof BREB_STATES)[number];

export const brebMovementSchema = z.object({
  estado: z.enum(BREB_STATES),
  referencia: z.string().min(1).optional(),
  causal: z.string().optional(),
});
export type BrebMovement = z.infer<typeof brebMovementSchema>;

export const BREB_MOVEMENTS: MovementWire<BrebState, BrebMovement> = {
  vocabulary: { completed: 'EXITOSA', rejected: 'RECHAZADA', pending: 'EN_CURSO', notFound: 'INEXISTENTE' },
  answer: brebMovementSchema,
  read: ({ estado, referencia, causal }) => ({ status: estado, reference: referencia, reason: causal }),
  write: ({ status, reference, reason }) => ({ estado: status, referencia: reference, causal: reason }),
};
