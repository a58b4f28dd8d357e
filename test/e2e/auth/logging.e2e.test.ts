import { ClientsService } from '../../../src/auth/clients.service';
import { http, startTestApi, TestApi } from '../../support/test-api';

async function loggedApi(level: string) {
  const lines: string[] = [];
  const api = await startTestApi({ LOG_LEVEL: level }, { write: (line: string) => void lines.push(line) });
  return { api, entries: () => lines.map((line) => JSON.parse(line)), text: () => lines.join('\n') };
}

describe('request logs', () => {
  let logged: Awaited<ReturnType<typeof loggedApi>>;
  let api: TestApi;

  beforeAll(async () => {
    logged = await loggedApi('info');
    api = logged.api;
  });
  afterAll(() => api.close());

  it('are JSON with the request id, and never contain API keys, tokens or secrets', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Logged' });
    const pair = (
      await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey, 'x-request-id': 'log-test-1' })
    ).body;
    await http(api.baseUrl, pair.accessToken).get('/collectors', { 'x-request-id': 'log-test-2' });
    await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: pair.refreshToken });

    const entries = logged.entries();
    expect(entries.some((entry) => entry.req?.id === 'log-test-1' && entry.requestId === 'log-test-1')).toBe(true);
    expect(
      entries.some((entry) => entry.req?.id === 'log-test-2' && entry.req.headers.authorization === '[redacted]'),
    ).toBe(true);
    const text = logged.text();
    for (const secret of [client.apiKey, client.webhookSecret, pair.accessToken, pair.refreshToken]) {
      expect(text).not.toContain(secret);
    }
  });

  it('at info name the request, its answer and the calling client, not every header', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Logged briefly' });
    const pair = (await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey })).body;
    await http(api.baseUrl, pair.accessToken).get('/collectors', {
      'x-request-id': 'log-test-3',
      'x-noise': 'not logged',
    });

    const line = logged.entries().find((entry) => entry.req?.id === 'log-test-3');
    expect(line).toMatchObject({
      requestId: 'log-test-3',
      clientId: client.clientId,
      req: { method: 'GET', url: '/collectors' },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(line.req.headers).not.toHaveProperty('x-noise');
    expect(line.req.headers).not.toHaveProperty('host');
    expect(line.res).not.toHaveProperty('headers');
  });
});

describe('request logs at debug', () => {
  it('list every header, credentials still redacted', async () => {
    const { api, entries, text } = await loggedApi('debug');
    try {
      const client = await api.app.get(ClientsService).create({ name: 'Logged fully' });
      const pair = (await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey })).body;
      await http(api.baseUrl, pair.accessToken).get('/collectors', {
        'x-request-id': 'log-test-4',
        'x-noise': 'logged',
      });

      const line = entries().find((entry) => entry.req?.id === 'log-test-4');
      expect(line.req.headers).toMatchObject({ 'x-noise': 'logged', authorization: '[redacted]' });
      expect(line.res.headers).toHaveProperty('x-request-id', 'log-test-4');
      expect(text()).not.toContain(pair.accessToken);
    } finally {
      await api.close();
    }
  });
});
