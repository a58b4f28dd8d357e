import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { merchantCategoryCode } from './merchant-category';
import { text } from '../http/text-input';
import { externalReference } from '../http/request-fields';

export const createPosSchema = z.strictObject({
  name: text(200),
  external_reference: externalReference.describe("Unique among the store's points of sale"),
  description: text(500).optional(),
  category: merchantCategoryCode
    .optional()
    .describe("Its merchant category code (the read's `category`); absent takes the collector's"),
});
export class CreatePosDto extends createZodDto(createPosSchema) {}

export const updatePosSchema = z.strictObject({
  name: text(200),
  description: text(500),
  external_reference: externalReference.optional(),
  category: merchantCategoryCode
    .nullable()
    .optional()
    .describe("Its merchant category code; null takes the collector's again, absent keeps it"),
});
export class UpdatePosDto extends createZodDto(updatePosSchema) {}
