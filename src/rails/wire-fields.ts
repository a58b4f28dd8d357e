import { z } from 'zod';

/** Fields every rail's wire shares. */
export const identifier = z.string().min(1).max(100);

export const positiveAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,2})?$/, 'a decimal string with at most 2 decimal places')
  .refine((value) => /[1-9]/.test(value), 'must be greater than zero');
