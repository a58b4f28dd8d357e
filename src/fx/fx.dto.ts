import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { PAYMENT_CURRENCIES } from '../money';

/** A currency the FX provider quotes: what a payer may pay in and a rate may be asked for. */
export const fxCurrency = z.enum(PAYMENT_CURRENCIES).describe('ISO 4217 code the FX provider quotes, upper case');

export const exchangeRateParamsSchema = z.strictObject({ base: fxCurrency, target: fxCurrency });
export class ExchangeRateParamsDto extends createZodDto(exchangeRateParamsSchema) {}

const rate = z.string().regex(/^\d+(\.\d{1,10})?$/);

export const exchangeRateSchema = z.object({
  base: z.string(),
  target: z.string(),
  rate: rate.describe('Units of target per unit of base, spread included; up to 10 decimals, trailing zeros trimmed'),
  inverse_rate: rate.describe('1 / rate at 10 decimals (half-even)'),
  spread_bps: z.number().int().describe("The client's spread in basis points; 0 when base = target"),
  quoted_at: z.iso.datetime(),
  expires_at: z.iso.datetime().describe('quoted_at + 10 minutes'),
});
export class ExchangeRateDto extends createZodDto(exchangeRateSchema) {}
