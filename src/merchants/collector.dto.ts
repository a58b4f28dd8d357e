import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { merchantCategoryCode } from './merchant-category';
import { text } from '../http/text-input';
import { externalReference } from '../http/request-fields';
import { countryCode, email, phone } from './merchant.dto';

export const createCollectorSchema = z.strictObject({
  code: text(50).optional().describe('Accepted because the spec lists it, and ignored: the service generates the code'),
  external_reference: externalReference.describe("Unique among the client's collectors"),
  name: text(200),
  fantasy_name: text(200).optional(),
  tax_id: text(50).optional(),
  legal_address: text(300).optional(),
  regular_contact_email: email,
  regular_contact_phone: phone.optional(),
  country_code: countryCode.optional(),
  description: text(500),
  category: merchantCategoryCode
    .optional()
    .describe('Not in the spec: the merchant category code of its points of sale that have none of their own'),
});
export class CreateCollectorDto extends createZodDto(createCollectorSchema) {}

export const updateCollectorSchema = z
  .strictObject({
    name: text(200).optional(),
    email: email.optional().describe('Updates regular_contact_email'),
    description: text(500).optional(),
    external_reference: externalReference.optional(),
    address: text(300).optional(),
    phone: phone.optional().describe('Updates regular_contact_phone'),
    manager: text(200).optional().describe('Stored; the read representation does not show it'),
    category: merchantCategoryCode
      .nullable()
      .optional()
      .describe('Not in the spec: the default merchant category code of its points of sale; null removes it'),
  })
  .refine((body) => Object.keys(body).length > 0, 'at least one field is required')
  // The refinement above, as the document states it.
  .meta({ minProperties: 1 });
export class UpdateCollectorDto extends createZodDto(updateCollectorSchema) {}

export const collectorCreatedSchema = z.object({ collector_uuid: z.uuid() });
export class CollectorCreatedDto extends createZodDto(collectorCreatedSchema) {}
