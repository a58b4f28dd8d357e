import { AcquirerAdapter } from './acquirer/acquirer.adapter';
import { COUNTRIES } from './countries';
import type { CountryDescriptor } from './country-descriptor';
import type { CountryRegistry, KeyCountryOf } from './country-registry';
import { FxProviderAdapter } from './fx-provider/fx-provider.adapter';
import { RailHttpClient } from './http/rail-http-client';
import type { KeyRail } from './key-rail';
import type { MovementRail } from './movement-rail';
import type { MovementRoute, PayoutDestination, PayoutRequest, Rails } from './rails.port';

/**
 * Every rail behind its own adapter, composed by capability: key lookups go to the country's
 * directory, payouts and refunds to the QR acquirer or to the country's instant-payment rail,
 * each key country's as its descriptor connects it (the registry `countries`, the service's by
 * default). The simulator serves all of them under one base URL; each rail has its own client
 * (named for its metrics), which is where a real rail's own URL would go.
 */
export function createRails(baseUrl: string, timeoutMs: number): Rails;
export function createRails<D extends CountryDescriptor>(
  baseUrl: string,
  timeoutMs: number,
  countries: CountryRegistry<D>,
): Rails<KeyCountryOf<D>>;
export function createRails(
  baseUrl: string,
  timeoutMs: number,
  countries: Pick<CountryRegistry<CountryDescriptor>, 'connectKeyRails'> = COUNTRIES,
): Rails<string> {
  const http = (rail: string) => new RailHttpClient(baseUrl, timeoutMs, rail);
  const acquirer = new AcquirerAdapter(http('acquirer'));
  const keyRails = countries.connectKeyRails(http);

  const keyRail = (country: string): KeyRail => {
    const rail = keyRails.get(country);
    if (rail === undefined) throw new RangeError(`no key payments rail in ${country}`);
    return rail;
  };
  const railOf = (route: MovementRoute): MovementRail<PayoutDestination, PayoutRequest> =>
    route.via === 'QR' ? acquirer : keyRail(route.country);

  return {
    keys: {
      // Each directory says what it answers; the answer names the country that was asked.
      lookupKey: async ({ country, key }) => ({ ...(await keyRail(country).lookupKey(key)), country }),
      resolveWallet: ({ country, ...request }) => {
        const rail = keyRail(country);
        if (rail.resolveWallet === undefined) throw new RangeError(`no wallet directory in ${country}`);
        return rail.resolveWallet(request);
      },
    },
    acquirer,
    payouts: {
      payout: (request) =>
        request.destination.type === 'QR'
          ? acquirer.payout(request, request.destination)
          : keyRail(request.country).payout(request, request.destination),
      payoutStatus: ({ payoutId, route }) => railOf(route).payoutStatus(payoutId),
    },
    refunds: {
      refund: ({ route, ...request }) => railOf(route).refund(request),
      refundStatus: ({ refundId, route }) => railOf(route).refundStatus(refundId),
    },
    fx: new FxProviderAdapter(http('fx_provider')),
  };
}
