import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { http, startTestApi, TestApi } from '../../support/test-api';

// `npm test` builds dist/ with swc before jest runs; these tests run the built entries as a
// user or an operator would.
const root = join(__dirname, '..', '..', '..');
const node = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', timeout: 60_000 });

describe('process entries', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('clients:create --json prints only the new credentials, and the API key works', () => {
    const result = node(['dist/src/cli/main.js', 'clients:create', '--name', 'From the CLI', '--json']);
    expect(result.status).toBe(0);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const created = JSON.parse(lines[0]!);
    expect(created).toEqual({
      client_id: expect.any(String),
      api_key: expect.stringMatching(/^cbp_/),
      webhook_secret: expect.stringMatching(/^whsec_/),
    });
    return http(api.baseUrl, null)
      .get('/auth/token', { 'x-api-key': created.api_key })
      .then((response) => expect(response.status).toBe(200));
  });

  it('keys:rotate --json prints the new key of an existing client; an unknown client is a usage error', async () => {
    const created = JSON.parse(
      node(['dist/src/cli/main.js', 'clients:create', '--name', 'To rotate', '--json']).stdout,
    );
    const rotated = node(['dist/src/cli/main.js', 'keys:rotate', '--client', created.client_id, '--json']);
    expect(rotated.status).toBe(0);
    const { api_key: newKey } = JSON.parse(rotated.stdout);
    expect(newKey).not.toBe(created.api_key);
    expect((await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': newKey })).status).toBe(200);
    expect((await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': created.api_key })).status).toBe(403);
    expect(
      node(['dist/src/cli/main.js', 'keys:rotate', '--client', '00000000-0000-4000-8000-000000000000']).status,
    ).toBe(2);
  });

  it('clients:create without --name is a usage error (exit 2) and prints nothing on stdout', () => {
    const result = node(['dist/src/cli/main.js', 'clients:create']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('--name is required');
  });

  it('stops a process whose environment is invalid, naming each bad variable', () => {
    const result = node(['dist/src/main.js', 'api'], {
      ...process.env,
      PORT: 'eighty',
      JWT_SECRET: 'short',
      NODE_ENV: 'production',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('JWT_SECRET');
  });

  it('refuses to start in production with placeholder secrets or insecure callbacks, saying why', () => {
    const result = node(['dist/src/main.js', 'api'], {
      ...process.env,
      NODE_ENV: 'production',
      JWT_SECRET: 'change-me-change-me-change-me-change-me',
      SECRETS_KEY: 'change-me-too-change-me-too-change-me-too',
      ALLOW_INSECURE_CALLBACKS: 'true',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('JWT_SECRET: looks like a placeholder');
    expect(result.stderr).toContain('SECRETS_KEY: looks like a placeholder');
    expect(result.stderr).toContain('ALLOW_INSECURE_CALLBACKS: must be false in production');
  });

  it('refuses to start in production without the payload keys or with Temporal in plain gRPC off this machine, saying why', () => {
    const { TEMPORAL_PAYLOAD_KEYS: _, ...withoutKeys } = process.env;
    for (const role of ['api', 'worker']) {
      const result = node(['dist/src/main.js', role], {
        ...withoutKeys,
        NODE_ENV: 'production',
        ALLOW_INSECURE_CALLBACKS: 'false',
        TEMPORAL_ADDRESS: 'temporal.internal:7233',
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('TEMPORAL_PAYLOAD_KEYS: required in production');
      expect(result.stderr).toContain('TEMPORAL_ADDRESS: temporal.internal:7233 is reached in plain gRPC');
    }
  });

  it('refuses to start a codec server that could not tell who may see payloads', () => {
    const result = node(['dist/src/main.js', 'codec-server'], { ...process.env, CODEC_SERVER_PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('CODEC_SERVER_TOKENS or CODEC_SERVER_JWKS_URL');
  });

  it('refuses an unknown process role with its usage', () => {
    const result = node(['dist/src/main.js', 'everything']);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: main.js <api|worker|codec-server>');
  });
});
