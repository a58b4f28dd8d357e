import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { pageCursorField, pageInfoShape, pageLimit } from '../http/page-cursor';
import { CURRENCY_CODES } from '../money';
import { ENTRY_KINDS } from './journal-entry.entity';

export const currencyParamsSchema = z.strictObject({
  currency: z.enum(CURRENCY_CODES).describe('ISO 4217 alphabetic code, upper case'),
});
export class CurrencyParamsDto extends createZodDto(currencyParamsSchema) {}

const DEPRECATED_PAGING =
  'Deprecated (offset paging: a line written meanwhile shifts every later page): use limit and starting_after';

/**
 * Cursor paging (limit, starting_after: the last line id the previous page showed), as every
 * listing pages; page and page_size still work for a deprecation window (docs/decisions.md,
 * "Finding orders"), never mixed with the cursor's.
 */
export const movementsQuerySchema = z
  .strictObject({
    limit: pageLimit.optional(),
    starting_after: pageCursorField(z.string().regex(/^\d{1,19}$/)).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional().describe(`${DEPRECATED_PAGING}. 1-based`),
    page_size: z.coerce.number().int().min(1).max(200).optional().describe(`${DEPRECATED_PAGING}. 50 unless given`),
  })
  .refine(
    (query) =>
      (query.page === undefined && query.page_size === undefined) ||
      (query.limit === undefined && query.starting_after === undefined),
    { path: ['page'], message: 'page and page_size (deprecated) cannot be mixed with limit and starting_after' },
  );
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
  data: z.array(movementSchema).describe('Newest first'),
  ...pageInfoShape,
  page: z.number().int().optional().describe('Deprecated: only when asked with page or page_size'),
  page_size: z.number().int().optional().describe('Deprecated: only when asked with page or page_size'),
  total: z
    .number()
    .int()
    .optional()
    .describe("Deprecated: only when asked with page or page_size; the account's lines, counted each time"),
});
export class MovementPageDto extends createZodDto(movementPageSchema) {}
