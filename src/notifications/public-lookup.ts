import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address';

/** A host name resolved to an address a callback must not reach. */
export class NonPublicAddressError extends Error {
  override name = 'NonPublicAddressError';
  readonly code = 'ENONPUBLIC';

  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`);
  }
}

/**
 * A `lookup` for sockets that may only reach the public internet: it resolves with `resolve`
 * (the system resolver unless a test gives another) and refuses the name when any of its
 * addresses is not public. Sockets connect to the very address checked here, so a name that
 * changes its answer between checks (DNS rebinding) gains nothing.
 */
export function publicOnlyLookup(resolve: LookupFunction = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const all = addresses as LookupAddress[];
      const refused = all.find(({ address }) => !isPublicAddress(address));
      if (refused || all.length === 0)
        return callback(new NonPublicAddressError(hostname, refused?.address ?? 'nothing'), '');
      if (options.all) return callback(null, all);
      return callback(null, all[0]!.address, all[0]!.family);
    });
  };
}
