import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { text } from '../http/text-input';
import { externalReference } from '../http/request-fields';
import { phone } from './merchant.dto';

/** The spec's one store body, for create and update alike: all five fields required. */
export const storeBodySchema = z.strictObject({
  description: text(500),
  external_reference: externalReference.describe("Unique among the collector's stores"),
  address: text(300),
  phone,
  manager: text(200),
});
export class StoreBodyDto extends createZodDto(storeBodySchema) {}

/** The spec's 409 body of store creation, its one exception to the common error body. */
export const storeConflictSchema = z.object({ response: z.object({ message: z.string() }) });
export type StoreConflict = z.infer<typeof storeConflictSchema>;
export class StoreConflictDto extends createZodDto(storeConflictSchema) {}
