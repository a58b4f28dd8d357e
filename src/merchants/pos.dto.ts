import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { externalReference, text } from './merchant.dto';

export const createPosSchema = z.strictObject({
  name: text(200),
  external_reference: externalReference.describe('Unique among the store\'s points of sale'),
  description: text(500).optional(),
});
export class CreatePosDto extends createZodDto(createPosSchema) {}

export const updatePosSchema = z.strictObject({
  name: text(200),
  description: text(500),
  external_reference: externalReference.optional(),
});
export class UpdatePosDto extends createZodDto(updatePosSchema) {}
