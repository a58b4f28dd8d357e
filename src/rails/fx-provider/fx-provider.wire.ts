import { z } from 'zod';
import { PAYMENT_CURRENCIES } from '../../money';

export const FX_RATES_PATH = '/fx/rates';
export const fxRatePath = (base: string, target: string) =>
  `${FX_RATES_PATH}/${encodeURIComponent(base)}/${encodeURIComponent(target)}`;

/** The FX provider's mid-market rate: units of target per one unit of base. */
export const fxRateSchema = z.object({
  base: z.enum(PAYMENT_CURRENCIES),
  target: z.enum(PAYMENT_CURRENCIES),
  rate: z.string().regex(/^\d+(\.\d{1,10})?$/),
  as_of: z.iso.datetime(),
});
export type FxRateAnswer = z.infer<typeof fxRateSchema>;
