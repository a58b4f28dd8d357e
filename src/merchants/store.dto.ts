import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { externalReference, phone, text } from './merchant.dto';

/** The spec's one store body, for create and update alike: all five fields required. */
export const storeBodySchema = z.strictObject({
  description: text(500),
  external_reference: externalReference.describe('Unique among the collector\'s stores'),
  address: text(300),
  phone,
  manager: text(200),
});
export class StoreBodyDto extends createZodDto(storeBodySchema) {}
