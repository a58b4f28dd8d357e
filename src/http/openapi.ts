import type { INestApplication } from '@nestjs/common';
import { ApiResponseSchemaHost, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { z } from 'zod';

/** A zod schema that no DTO class can carry (a union) as an OpenAPI schema, for @ApiOkResponse({ schema }). */
export function openApiSchema(schema: z.ZodType): ApiResponseSchemaHost['schema'] {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) as ApiResponseSchemaHost['schema'];
}

/** OpenAPI generated from the zod schemas: UI at /docs, JSON at /docs-json. */
export function mountOpenApi(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Cross-border payments API')
    .setDescription('EMVCo QR and payment-key payins, collections, refunds and signed callbacks. See README.md and docs/decisions.md.')
    .setVersion('2')
    .addBearerAuth()
    .build();
  const document = cleanupOpenApiDoc(SwaggerModule.createDocument(app, config));
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
