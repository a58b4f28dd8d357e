import { ClientsService } from '../../../src/auth/clients.service';
import { http, startTestApi, TestApi } from '../../support/test-api';

describe('request logs', () => {
  let api: TestApi;
  const lines: string[] = [];

  beforeAll(async () => {
    api = await startTestApi({ LOG_LEVEL: 'info' }, { write: (line: string) => void lines.push(line) });
  });
  afterAll(() => api.close());

  it('are JSON with the request id, and never contain API keys, tokens or secrets', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Logged' });
    const pair = (await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey, 'x-request-id': 'log-test-1' })).body;
    await http(api.baseUrl, pair.accessToken).get('/collectors', { 'x-request-id': 'log-test-2' });
    await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: pair.refreshToken });

    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.some((entry) => entry.req?.id === 'log-test-1' && entry.requestId === 'log-test-1')).toBe(true);
    expect(entries.some((entry) => entry.req?.id === 'log-test-2' && entry.req.headers.authorization === '[redacted]')).toBe(true);
    const text = lines.join('\n');
    for (const secret of [client.apiKey, client.webhookSecret, pair.accessToken, pair.refreshToken]) {
      expect(text).not.toContain(secret);
    }
  });
});
