import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { CURRENCY_CODES } from '../money';
import { ENTRY_KINDS } from './journal-entry.entity';

export const currencyParamsSchema = z.strictObject({
  currency: z.enum(CURRENCY_CODES).describe('ISO 4217 alphabetic code, upper case'),
});
export class CurrencyParamsDto extends createZodDto(currencyParamsSchema) {}

export const movementsQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(50),
});
export class MovementsQueryDto extends createZodDto(movementsQuerySchema) {}

export const accountBalanceSchema = z.object({
  currency: z.string(),
  available: z.number().describe('Major units, e.g. 1250.5; what reservations can draw on'),
  reserved: z.number().describe('Major units held for orders in PROCESSING'),
});
export class AccountBalanceDto extends createZodDto(accountBalanceSchema) {}

export const movementSchema = z.object({
  id: z.string().describe('Journal line id (a decimal integer as a string), increasing with time'),
  entry_id: z.uuid(),
  operation_id: z.string(),
  kind: z.enum(ENTRY_KINDS),
  account: z.enum(['AVAILABLE', 'RESERVED']).describe('Which of the two balances the line moved'),
  amount: z.number().describe('Signed, major units: positive adds to the balance'),
  balance_after: z.number().describe('That balance right after this line'),
  reference: nullable(z.string(), 'The order id for RESERVE, COMMIT, RELEASE and CREDIT; null for FUND'),
  created_at: z.iso.datetime(),
});

export const movementPageSchema = z.object({
  data: z.array(movementSchema),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});
export class MovementPageDto extends createZodDto(movementPageSchema) {}
