import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OpenAPIObject, OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from '../../../scripts/client-schema';
import { buildApiDocument } from '../../../src/api';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';

const PUBLIC = ['GET /health', 'GET /ready', 'GET /auth/token', 'POST /auth/refresh'];
const PROBES = ['GET /health', 'GET /ready'];
/** The spec's own bodies (docs/decisions.md, "The contract in brief"), the readiness probe's, and the bodiless store 409. */
const OWN_ERROR_BODIES: Record<string, string | null> = {
  'GET /ready 503': 'ProbeDto',
  'GET /v2/payments/{order_id}/status 404': 'ReceiptNotFoundDto',
  'POST /collectors/{collector_uuid}/stores 409': 'StoreConflictDto',
  'PUT /stores/{uuid}/disable 409': null,
};

interface Operation {
  label: string;
  operation: OperationObject;
}

function operationsOf(document: OpenAPIObject): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => ({
        label: `${method.toUpperCase()} ${path}`,
        operation: operation as OperationObject,
      })),
  );
}

const schemaName = (response: ResponseObject) => {
  const ref = (response.content?.['application/json']?.schema as { $ref?: string } | undefined)?.$ref;
  return ref ? ref.split('/').pop()! : null;
};

describe('the OpenAPI document', () => {
  let document: OpenAPIObject;
  let operations: Operation[];
  const schemas = () => document.components!.schemas as Record<string, SchemaObject>;

  beforeAll(async () => {
    document = await buildApiDocument();
    operations = operationsOf(document);
  });

  it('is what the committed client was generated from (run `npm run client:generate` after changing the API)', () => {
    const committed = readFileSync(join(PROJECT_ROOT, CLIENT_SCHEMA_PATH), 'utf8');
    expect(clientSchemaSource(document) === committed).toBe(true);
  });

  it('requires the bearer token everywhere but on the public routes, and says they answer 401', () => {
    for (const { label, operation } of operations) {
      const isPublic = PUBLIC.includes(label);
      expect([label, operation.security]).toEqual([label, isPublic ? [] : [{ bearer: [] }]]);
      if (!isPublic)
        expect([label, schemaName(operation.responses[401] as ResponseObject)]).toEqual([label, 'ErrorBodyDto']);
    }
  });

  it('declares 503 with Retry-After on every route that reads PostgreSQL or Temporal, which is every one but the probes', () => {
    for (const { label, operation } of operations.filter(({ label }) => !PROBES.includes(label))) {
      const unavailable = operation.responses[503] as ResponseObject | undefined;
      expect([label, unavailable?.description]).toEqual([label, expect.any(String)]);
      expect([label, unavailable?.headers?.['Retry-After']]).toEqual([
        label,
        expect.objectContaining({ schema: { type: 'integer', minimum: 1 } }),
      ]);
    }
  });

  it('declares the probes as they answer: /health always up, /ready up or 503 down, the same small body', () => {
    const responses = (label: string) =>
      operations.find((operation) => operation.label === label)!.operation.responses as Record<string, ResponseObject>;
    expect(Object.keys(responses('GET /health'))).toEqual(['200']);
    expect(Object.keys(responses('GET /ready'))).toEqual(['200', '503']);
    for (const response of [
      responses('GET /health')[200]!,
      responses('GET /ready')[200]!,
      responses('GET /ready')[503]!,
    ])
      expect(schemaName(response)).toBe('ProbeDto');
    expect(schemas().ProbeDto).toMatchObject({ properties: { status: { type: 'string', enum: ['up', 'down'] } } });
  });

  it('answers every error with the shared error body (an array `message` on 400), save the spec exceptions', () => {
    for (const { label, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const key = `${label} ${status}`;
        const expected =
          key in OWN_ERROR_BODIES
            ? OWN_ERROR_BODIES[key]
            : status === '400'
              ? 'ValidationErrorBodyDto'
              : 'ErrorBodyDto';
        expect([key, schemaName(response as ResponseObject)]).toEqual([key, expected]);
      }
    }
    expect(schemas().ValidationErrorBodyDto!.properties!.message).toEqual(
      expect.objectContaining({ type: 'array', items: { type: 'string' } }),
    );
  });

  it('declares what the body parser and the idempotency keys answer on the routes they apply to', () => {
    const byLabel = Object.fromEntries(
      operations.map(({ label, operation }) => [label, Object.keys(operation.responses)]),
    );
    expect(byLabel['POST /collectors']).toEqual(expect.arrayContaining(['400', '413', '415']));
    expect(byLabel['GET /collectors']).not.toEqual(expect.arrayContaining(['400']));
    expect(byLabel['POST /v2/qr/refund']).toEqual(expect.arrayContaining(['400', '404', '409', '422']));
    expect(byLabel['GET /auth/token']).toEqual(expect.arrayContaining(['403', '429']));
    expect(byLabel['GET /v2/reports/conciliation/payins']).toEqual(
      expect.arrayContaining(['400', '401', '429', '503']),
    );
    expect(byLabel['DELETE /v2/payins/qr/{order_id}']).toEqual(expect.arrayContaining(['401', '404', '409', '503']));
  });

  it('carries the rules the service enforces in the request schemas', () => {
    const { CreateCollectorDto, UpdateCollectorDto, PayDto, QrPreviewDto, RefundRequestDto } = schemas();
    expect(CreateCollectorDto!.properties!.regular_contact_email).toMatchObject({ format: 'email', maxLength: 254 });
    expect(CreateCollectorDto!.additionalProperties).toBe(false);
    expect(UpdateCollectorDto).toMatchObject({ minProperties: 1, additionalProperties: false });
    expect(PayDto!.properties!.notification_url).toMatchObject({
      format: 'uri',
      maxLength: 250,
      pattern: expect.stringMatching(/^\^/),
    });
    expect(PayDto!.properties!.order_id).toMatchObject({ format: 'uuid' });
    expect((QrPreviewDto!.properties!.user as SchemaObject).properties!.full_name).toMatchObject({
      maxLength: 200,
      pattern: expect.any(String),
    });
    const [text, number] = (RefundRequestDto!.properties!.amount as SchemaObject).anyOf as SchemaObject[];
    expect(text).toMatchObject({ type: 'string', pattern: expect.any(String) });
    // OpenAPI 3.1: the exclusive bound itself.
    expect(number).toMatchObject({ type: 'number', exclusiveMinimum: 0 });
    expect(number).not.toHaveProperty('minimum');
  });

  it('says that no string of a body may hold a NUL character, as InputLimitsPipe enforces', () => {
    const reason = schemas().RefundRequestDto!.properties!.reason as SchemaObject;
    expect(reason.allOf).toEqual([{ pattern: '^[^\\x00]*$' }]);
    expect((schemas().RefreshRequestDto!.properties!.refreshToken as SchemaObject).pattern).toBe('^[^\\x00]*$');
  });
});
