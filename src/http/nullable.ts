import type { z } from 'zod';

/**
 * A nullable response field that OpenAPI documents as nullable. zod ≥ 4.5 writes a bare
 * `T | null` as `type: [T, "null"]`, which @nestjs/swagger renders as an array of T
 * (nestjs-zod#473); a description on the inner schema keeps the `anyOf` form, which
 * nestjs-zod turns into `nullable: true`.
 */
export function nullable<T extends z.ZodType>(schema: T, description: string) {
  return schema.describe(description).nullable();
}
