import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';

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
