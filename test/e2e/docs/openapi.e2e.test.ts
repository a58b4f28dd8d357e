import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { CLIENT_SCHEMA_PATH, clientSchemaSource } from '../../../scripts/client-schema';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';
import { http, startTestApi, TestApi } from '../../support/test-api';

describe('OpenAPI document', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  function rawRequest(method: string, path: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${api.baseUrl}${path}`, { method }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('is served without a token at /docs-json and lists every endpoint of the spec', async () => {
    const response = await http(api.baseUrl, null).get('/docs-json');
    expect(response.status).toBe(200);
    const paths = Object.keys(response.body.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/auth/token',
        '/auth/refresh',
        '/collectors',
        '/collectors/{uuid}',
        '/collectors/disable/{collector_uuid}',
        '/collectors/{collector_uuid}/stores',
        '/stores/{uuid}',
        '/stores/{uuid}/disable',
        '/stores/{store_uuid}/pos',
        '/pos/{uuid}',
        '/payins/orders/{uuid}',
        '/v2/payments/previews',
        '/v2/payments',
        '/v2/payments/{order_id}/status',
        '/v2/qr/refund/{refund_id}',
        '/v2/exchange-rates/rates/payins/{base}/{target}',
        '/v2/accounts',
        '/v2/accounts/{currency}/movements',
        '/v2/notifications',
        '/v2/notifications/verify',
        '/v2/qr/decode',
      ]),
    );
  });

  it('documents request bodies from the zod schemas, with their limits', async () => {
    const document = (await http(api.baseUrl, null).get('/docs-json')).body;
    const schemaOf = (ref: string) => document.components.schemas[ref.split('/').pop()!];
    const preview = document.paths['/v2/payments/previews'].post.requestBody.content['application/json'].schema;
    const body = preview.$ref ? schemaOf(preview.$ref) : preview;
    expect(body.required).toEqual(expect.arrayContaining(['qr', 'external_reference', 'notification_url', 'user']));
    expect(body.properties.external_reference.maxLength).toBe(100);
    expect(body.properties.notification_url.maxLength).toBe(250);
  });

  it("documents nullable response fields as OpenAPI 3.1 does, with null among their types", async () => {
    const document = (await http(api.baseUrl, null).get('/docs-json')).body;
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    const schemas = document.components.schemas;
    expect(schemas.QrDecodeResponseDto.properties.amount).toMatchObject({ type: ['number', 'null'] });
    expect(schemas.QrDecodeResponseDto.properties.country).toMatchObject({ type: ['string', 'null'] });
    expect(schemas.QrDecodeResponseDto.properties.errors.type).toBe('array');
  });

  it('is the document the committed client types were generated from', async () => {
    const served = (await http(api.baseUrl, null).get('/docs-json')).body;
    expect(clientSchemaSource(served) === readFileSync(join(PROJECT_ROOT, CLIENT_SCHEMA_PATH), 'utf8')).toBe(true);
  });

  it('answers a method a documented path does not declare 405 with Allow, in the error body', async () => {
    // fetch refuses to send TRACE.
    const trace = await rawRequest('TRACE', '/health');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(trace.body)).toMatchObject({ statusCode: 405, message: 'Method Not Allowed' });

    // Refused before the body is read or the token checked: the route list alone decides.
    const remove = await fetch(`${api.baseUrl}/collectors/${'0'.repeat(8)}`, { method: 'DELETE', body: '{', headers: { 'content-type': 'application/json' } });
    expect(remove.status).toBe(405);
    expect(remove.headers.get('allow')).toBe('GET, PATCH, HEAD');

    const options = await fetch(`${api.baseUrl}/v2/payments/previews`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST, PUT');

    expect((await fetch(`${api.baseUrl}/health`)).status).not.toBe(405);
    expect((await rawRequest('TRACE', '/no-such-path')).status).toBe(404);
  });

  it('serves the interactive UI at /docs', async () => {
    const response = await fetch(`${api.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger');
  });
});
