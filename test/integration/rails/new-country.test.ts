import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';
import { serviceRegistry } from '../../../src/observability/metrics';
import { RailsDeclinedError } from '../../../src/rails/rails.errors';
import { createRails } from '../../../src/rails/rails.factory';
import { WITH_ZEDLAND, ZEDLAND_PATHS, type ZpayKey } from '../../support/zedland';

/** Z-Pay's directory as a small HTTP server: every key has a holder, but Z00000000. */
function zpayDirectory(asked: string[]): Server {
  return createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    const key = decodeURIComponent(request.url?.slice(`${ZEDLAND_PATHS.keys}/`.length) ?? '');
    const found = request.method === 'GET' && request.url?.startsWith(`${ZEDLAND_PATHS.keys}/`) && key !== 'Z00000000';
    const body: ZpayKey | { code: string; message: string } = found
      ? {
          key,
          owner: { name: 'Zoe Zed Zimmer', zid: 'Z12345678' },
          bank: { code: '001', name: 'Zed Bank', branch: '01', account: '555-1' },
        }
      : { code: 'KEY_NOT_FOUND', message: `no holder for ${key}` };
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
}

const railCalls = async (labels: Record<string, string>) =>
  valueOf(parseExposition(await serviceRegistry.metrics()), 'cbp_rails_request_duration_seconds_count', labels);

describe('a new country’s rail, from its descriptor alone (test/support/zedland.ts)', () => {
  const asked: string[] = [];
  let directory: Server;
  let baseUrl: string;

  beforeAll(async () => {
    directory = zpayDirectory(asked);
    await new Promise<void>((resolve) => directory.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(directory.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    directory.closeAllConnections();
    await new Promise<void>((resolve) => directory.close(() => resolve()));
  });

  beforeEach(() => {
    asked.length = 0;
  });

  it('looks its keys up in its own directory, in the engine’s terms, timed under its rail’s name', async () => {
    const rails = createRails(baseUrl, 2000, WITH_ZEDLAND);
    const timed = { rail: 'zedland', operation: 'lookup_key', outcome: 'ok' };
    const before = await railCalls(timed);

    expect(await rails.keys.lookupKey({ country: 'ZZ', key: 'Z12345678' })).toEqual({
      kind: 'ACCOUNT_HOLDER',
      country: 'ZZ',
      key: 'Z12345678',
      holder: {
        name: 'Zoe Zed Zimmer',
        identificationNumber: 'Z12345678',
        identificationType: 'ZID',
        participantCode: '001',
        participantName: 'Zed Bank',
        branch: '01',
        accountNumber: '555-1',
        accountType: 'CHECKING',
      },
    });
    expect(asked).toEqual([`GET ${ZEDLAND_PATHS.keys}/Z12345678`]);
    expect(await railCalls(timed)).toBe(before + 1);
  });

  it('declines a key its directory does not know, as every country’s', async () => {
    const failure = createRails(baseUrl, 2000, WITH_ZEDLAND).keys.lookupKey({ country: 'ZZ', key: 'Z00000000' });
    await expect(failure).rejects.toBeInstanceOf(RailsDeclinedError);
    await expect(failure).rejects.toMatchObject({ code: 'KEY_NOT_FOUND' });
  });

  it('leaves the other countries’ look-ups to their own rails', async () => {
    // Brazil's DICT is not this server: its path is Brazil's, and the answer is no answer.
    await expect(
      createRails(baseUrl, 2000, WITH_ZEDLAND).keys.lookupKey({ country: 'BR', key: 'ana@example.com' }),
    ).rejects.toThrow();
    expect(asked).toEqual(['GET /br/dict/entries/ana%40example.com']);
  });
});
