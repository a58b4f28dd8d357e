import { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { NonPublicAddressError, publicOnlyLookup } from '../../../src/notifications/public-lookup';

/** A resolver answering from a table, as DNS would (with or without `all`). */
function resolverOf(table: Record<string, LookupAddress[]>): LookupFunction {
  return (hostname, options, callback) => {
    const addresses = table[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  };
}

function lookUp(lookup: LookupFunction, hostname: string, options: LookupOptions) {
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
    lookup(hostname, options, (error, address, family) => resolve({ error, address, family })),
  );
}

const table: Record<string, LookupAddress[]> = {
  'hooks.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
  ],
  'internal.example.com': [{ address: '10.0.0.5', family: 4 }],
  'metadata.example.com': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
  // One public and one internal answer: refused as a whole, not filtered.
  'mixed.example.com': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
};

describe('publicOnlyLookup', () => {
  const lookup = publicOnlyLookup(resolverOf(table));

  it('passes the public answers on, in the shape the caller asked for', async () => {
    expect(await lookUp(lookup, 'hooks.example.com', { all: true })).toEqual({
      error: null,
      address: table['hooks.example.com'],
      family: undefined,
    });
    expect(await lookUp(lookup, 'hooks.example.com', {})).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });

  it.each(['internal.example.com', 'metadata.example.com', 'mixed.example.com'])(
    'refuses %s, which resolves to a non-public address',
    async (hostname) => {
      for (const options of [{}, { all: true }]) {
        const { error } = await lookUp(lookup, hostname, options);
        expect(error).toBeInstanceOf(NonPublicAddressError);
        expect(error).toMatchObject({ code: 'ENONPUBLIC' });
      }
    },
  );

  it('passes resolver errors on', async () => {
    expect((await lookUp(lookup, 'nowhere.example.com', {})).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  it('refuses localhost resolved by the system resolver', async () => {
    const { error } = await lookUp(publicOnlyLookup(), 'localhost', {});
    expect(error).toBeInstanceOf(NonPublicAddressError);
  });
});
