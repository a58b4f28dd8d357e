import type { ApiResponseSchemaHost } from '@nestjs/swagger';
import { z } from 'zod';

/** A zod schema that no DTO class can carry (a union) as an OpenAPI schema, for @ApiOkResponse({ schema }). */
export function openApiSchema(schema: z.ZodType): ApiResponseSchemaHost['schema'] {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as ApiResponseSchemaHost['schema'];
}
