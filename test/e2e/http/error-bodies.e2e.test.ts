import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '../../../src/http/error-codes';
import { payer, pixQr } from '../../support/qr-fixtures';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';

/**
 * Issue 29, part 5: errors a program can read. A 400 lists its problems by field and code beside
 * the spec's messages; every error body carries the request's id; the OpenAPI document has one
 * table of every error_code.
 */
describe('error bodies a program can read', () => {
  let api: TestApi;
  let client: TestClient;

  beforeAll(async () => {
    api = await startTestApi();
    client = await createTestClient(api, 'Error bodies');
  });
  afterAll(() => api.close());

  const preview = (overrides: Record<string, unknown>) => ({
    qr: pixQr('10.00'),
    external_reference: `errors-${randomUUID()}`,
    notification_url: 'https://example.com/callbacks',
    user: payer,
    ...overrides,
  });

  it("names each refused field and what is wrong with it, beside the spec's messages", async () => {
    const response = await http(api.baseUrl, client.token).post(
      '/v2/payments/previews',
      preview({ user: { ...payer, currency: 'XXX' }, surprise: true }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual(expect.arrayContaining([expect.stringMatching(/^user\.currency: /)]));
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'user.currency', code: 'INVALID_VALUE' },
        { field: 'surprise', code: 'UNKNOWN_FIELD' },
      ]),
    );
    expect(response.body.errors).toHaveLength(response.body.message.length);
  });

  it('names the field of a rule the service checks itself', async () => {
    const response = await http(api.baseUrl, client.token).post(
      '/v2/payments/previews',
      preview({ qr: `${pixQr('10.00').slice(0, -4)}0000` }),
    );
    expect(response.status).toBe(400);
    expect(response.body.message).toEqual([expect.stringMatching(/^qr: /)]);
    expect(response.body.errors).toEqual([{ field: 'qr', code: 'INVALID' }]);
  });

  it("carries the request's id in every error body, the one its x-request-id header and the logs carry", async () => {
    const requestId = `errors-${randomUUID()}`;
    const calls = http(api.baseUrl, client.token);
    const answers = [
      await calls.post('/v2/payments/previews', {}, { 'x-request-id': requestId }),
      await calls.get(`/v2/no-such-route/${randomUUID()}`, { 'x-request-id': requestId }),
      await http(api.baseUrl, null).post('/v2/payments/previews', {}, { 'x-request-id': requestId }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 404, 401]);
    for (const answer of answers) {
      expect(answer.headers.get('x-request-id')).toBe(requestId);
      expect(answer.body.request_id).toBe(requestId);
    }
    // Without one sent, the id the service made.
    const made = await calls.post('/v2/payments/previews', {});
    expect(made.body.request_id).toBe(made.headers.get('x-request-id'));
  });

  it('documents every error_code in one table of the OpenAPI document, and the error bodies with their new fields', async () => {
    const document = (await (await fetch(`${api.baseUrl}/docs-json`)).json()) as {
      info: { description: string };
      components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }>; required?: string[] }> };
    };
    for (const [code, [status]] of Object.entries(ERROR_CODES)) {
      expect(document.info.description).toContain(`| \`${code}\` | ${status} |`);
    }
    const { ErrorBodyDto, ValidationErrorBodyDto } = document.components.schemas;
    expect(ErrorBodyDto!.properties.error_code!.enum).toEqual(Object.keys(ERROR_CODES));
    expect(ErrorBodyDto!.required).toContain('request_id');
    expect(ValidationErrorBodyDto!.required).toEqual(expect.arrayContaining(['errors', 'request_id']));
  });
});
