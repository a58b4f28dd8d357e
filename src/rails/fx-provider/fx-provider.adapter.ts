import type { RailHttpClient } from '../http/rail-http-client';
import type { FxRatesPort, MidRate, RailCurrency } from '../rails.port';
import { fxRatePath, fxRateSchema } from './fx-provider.wire';

/** The FX provider's mid rates; its wire already speaks the engine's terms. */
export class FxProviderAdapter implements FxRatesPort {
  constructor(private readonly http: RailHttpClient) {}

  midRate(base: RailCurrency, target: RailCurrency): Promise<MidRate> {
    return this.http.get(fxRatePath(base, target), fxRateSchema);
  }
}
