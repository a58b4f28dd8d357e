import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { DNS_LABEL } from '../http/text-input';

/** Building blocks shared by the collector, store and POS bodies. */

/**
 * zod's own e-mail grammar with RFC 5321's limits on the domain (labels of at most 63
 * characters, no hyphen at either end), which `format: email` validators hold to; the local
 * part's 64 characters are checked apart, as no pattern can count them.
 */
const EMAIL_PATTERN = new RegExp(
  `^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:${DNS_LABEL}\\.)+[A-Za-z]{2,}$`,
);
const MAX_LOCAL_PART = 64;

/** Taken as sent, untrimmed, so that `format: email` and the pattern are the whole rule. */
export const email = z
  .email({ pattern: EMAIL_PATTERN })
  .max(254)
  .refine(
    (value) => value.split('@')[0]!.length <= MAX_LOCAL_PART,
    `the part before @ must be at most ${MAX_LOCAL_PART} characters`,
  );

/**
 * Digits with the usual separators and an optional leading +; letters are a typo, not a phone.
 * Checked before trimming, so a leading space is refused as the documented pattern says.
 */
export const phone = z
  .string()
  .max(30)
  .regex(/^\+?[0-9][0-9 ().-]*$/, 'must be a phone number: digits, spaces, ( ) . - and an optional leading +')
  .trim();

/** ISO 3166-1 alpha-2, upper case as the standard writes it (the format is checked, not the registry). */
export const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in upper case, e.g. BR');

export const statusMessageSchema = z.object({
  status: z.number().int().describe('The HTTP status, repeated in the body as the spec shows it'),
  message: z.string().describe('Informational only; may change'),
});
export class StatusMessageDto extends createZodDto(statusMessageSchema) {}

export const createdWithUuidSchema = statusMessageSchema.extend({ uuid: z.uuid() });
export class CreatedWithUuidDto extends createZodDto(createdWithUuidSchema) {}
