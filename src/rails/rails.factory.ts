import { AcquirerAdapter } from './acquirer/acquirer.adapter';
import { BrazilPixAdapter } from './brazil/brazil.adapter';
import { ColombiaBrebAdapter } from './colombia/colombia.adapter';
import { FxProviderAdapter } from './fx-provider/fx-provider.adapter';
import { PeruCceAdapter } from './peru/peru.adapter';
import { holderLookup } from './phone-wallets';
import { RailHttpClient, type RailName } from './http/rail-http-client';
import type { MovementRail } from './movement-rail';
import { isKeyCountry, type KeyCountry } from '../money';
import type { KeyDestination, MovementRoute, PayoutDestination, Rails } from './rails.port';

/**
 * Every rail behind its own adapter, composed by capability: key lookups go to the country's
 * directory, payouts and refunds to the QR acquirer or to the country's instant-payment rail.
 * The simulator serves all of them under one base URL; each rail has its own client (named
 * for its metrics), which is where a real rail's own URL would go.
 */
export function createRails(baseUrl: string, timeoutMs: number): Rails {
  const http = (rail: RailName) => new RailHttpClient(baseUrl, timeoutMs, rail);
  const acquirer = new AcquirerAdapter(http('acquirer'));
  const brazil = new BrazilPixAdapter(http('brazil'));
  const peru = new PeruCceAdapter(http('peru'));
  const colombia = new ColombiaBrebAdapter(http('colombia'));
  const keyRails: Record<KeyCountry, MovementRail<KeyDestination>> = { BR: brazil, PE: peru, CO: colombia };

  const keyRail = (country: string): MovementRail<KeyDestination> => {
    if (!isKeyCountry(country)) throw new RangeError(`no key payments rail in ${country}`);
    return keyRails[country];
  };
  const railOf = (route: MovementRoute): MovementRail<PayoutDestination> => (route.via === 'QR' ? acquirer : keyRail(route.country));

  return {
    keys: {
      async lookupKey({ country, key }) {
        switch (country) {
          case 'BR':
            return holderLookup(country, key, await brazil.lookup(key));
          case 'CO':
            return holderLookup(country, key, await colombia.lookup(key));
          case 'PE':
            return peru.lookup(key);
        }
      },
      resolveWallet: (request) => peru.resolveWallet(request),
    },
    acquirer,
    payouts: {
      payout: (request) => (request.destination.type === 'QR' ? acquirer.payout(request, request.destination) : keyRail(request.country).payout(request, request.destination)),
      payoutStatus: ({ payoutId, route }) => railOf(route).payoutStatus(payoutId),
    },
    refunds: {
      refund: ({ route, ...request }) => railOf(route).refund(request),
      refundStatus: ({ refundId, route }) => railOf(route).refundStatus(refundId),
    },
    fx: new FxProviderAdapter(http('fx_provider')),
  };
}
