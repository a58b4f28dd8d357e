import type { RailHttpClient } from '../http/rail-http-client';
import type { PaymentCurrency } from '../../money';
import type { FxRatesPort, MidRate } from '../rails.port';
import { fxRatePath, fxRateSchema } from './fx-provider.wire';

/** The FX provider's mid rates; its wire already speaks the engine's terms. */
export class FxProviderAdapter implements FxRatesPort {
  constructor(private readonly http: RailHttpClient) {}

  midRate(base: PaymentCurrency, target: PaymentCurrency): Promise<MidRate> {
    return this.http.get('mid_rate', fxRatePath(base, target), fxRateSchema);
  }
}
