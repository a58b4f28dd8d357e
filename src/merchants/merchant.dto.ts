import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/** Building blocks shared by the collector, store and POS bodies. Every string is trimmed, and a field that is sent may not be blank. */
export const text = (maxLength: number) => z.string().trim().min(1).max(maxLength);

/** The spec's limit for every external_reference. */
export const externalReference = text(100);

export const email = z.string().trim().max(254).pipe(z.email());

/** Digits with the usual separators and an optional leading +; letters are a typo, not a phone. */
export const phone = text(30).regex(/^\+?[0-9][0-9 ().-]*$/, 'must be a phone number: digits, spaces, ( ) . - and an optional leading +');

/** ISO 3166-1 alpha-2, upper case as the standard writes it (the format is checked, not the registry). */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case, e.g. BR');

export const statusMessageSchema = z.object({
  status: z.number().int().describe('The HTTP status, repeated in the body as the spec shows it'),
  message: z.string().describe('Informational only; may change'),
});
export class StatusMessageDto extends createZodDto(statusMessageSchema) {}

export const createdWithUuidSchema = statusMessageSchema.extend({ uuid: z.uuid() });
export class CreatedWithUuidDto extends createZodDto(createdWithUuidSchema) {}
