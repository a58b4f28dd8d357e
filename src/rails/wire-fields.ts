import { z } from 'zod';

/** Fields every rail's wire shares. */
/** The longest identifier a rail takes or issues (wallet records, transfer ids). */
export const RAIL_IDENTIFIER_MAX_LENGTH = 100;
export const identifier = z.string().min(1).max(RAIL_IDENTIFIER_MAX_LENGTH);

export const positiveAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,2})?$/, 'a decimal string with at most 2 decimal places')
  .refine((value) => /[1-9]/.test(value), 'must be greater than zero');
