import type { PaymentCurrency } from '../money';
import type { CountryCode, KeyCountry } from './countries';
import type {
  DirectoryAnswer,
  MidRate,
  MovementOutcome,
  MovementStatus,
  PayoutDestination,
  PeruWalletAccount,
  QrMerchant,
  RailPayout,
  RefundRequest,
} from './rail-terms';

export { MOVEMENT_STATUSES } from './rail-terms';
export type {
  DecimalString,
  AccountType,
  AccountHolder,
  PeruAccountInfo,
  PhoneWallet,
  DirectoryAnswer,
  PeruWalletAccount,
  QrMerchant,
  PayoutDestination,
  KeyDestination,
  QrDestination,
  RailPayout,
  PayoutResult,
  RefundRequest,
  RefundResult,
  MovementOutcome,
  MovementStatusCode,
  MovementStatus,
  MidRate,
} from './rail-terms';

/**
 * The upstream rails as the engine sees them: key directories (Pix DICT, Peru CCE and wallets,
 * Bre-B), QR acquirers, payouts, refunds and the FX provider, in the engine's own terms
 * (src/rails/rail-terms.ts) and for the countries it serves. Each rail's wire format lives in its
 * adapter folder (src/rails/<rail>/) and never leaks past it. The countries and currencies they
 * serve derive from the registry, src/rails/countries.ts.
 */

export interface PayoutRequest extends RailPayout {
  country: CountryCode;
  destination: PayoutDestination;
}

/** A directory's answer, with the country whose directory was asked. */
export type KeyLookupResult<K extends string = KeyCountry> = DirectoryAnswer & { country: K };

/** Where a payout (or its refund) travels: the QR acquirer, or the country's instant-payment rail for a key. */
export interface MovementRoute {
  country: CountryCode;
  via: PayoutDestination['type'];
}

export const routeOf = (request: Pick<PayoutRequest, 'country' | 'destination'>): MovementRoute => ({
  country: request.country,
  via: request.destination.type,
});

/**
 * The rails by capability. Lookups fail typed (rails.errors.ts): RailsUnavailableError is
 * transient and worth a retry, RailsDeclinedError is a business answer and must not be retried.
 * Money movements never throw for what the rail did: they answer a MovementOutcome. Status
 * inquiries throw RailsUnavailableError when the rail cannot be asked.
 */
export interface KeyDirectoryPort<K extends string = KeyCountry> {
  lookupKey(request: { country: K; key: string }): Promise<KeyLookupResult<K>>;
  /** Peru's phone flow, second step: the account behind the wallet the payer picked. */
  resolveWallet(request: {
    walletRecordId: string;
    selectedWalletId: string;
    country: 'PE';
  }): Promise<PeruWalletAccount>;
}

export interface QrAcquirerPort {
  resolveQrMerchant(request: { qr: string }): Promise<QrMerchant>;
}

export interface PayoutsPort {
  payout(request: PayoutRequest): Promise<MovementOutcome>;
  payoutStatus(request: { payoutId: string; route: MovementRoute }): Promise<MovementStatus>;
}

export interface RefundsPort {
  refund(request: RefundRequest & { route: MovementRoute }): Promise<MovementOutcome>;
  refundStatus(request: { refundId: string; route: MovementRoute }): Promise<MovementStatus>;
}

export interface FxRatesPort {
  midRate(base: PaymentCurrency, target: PaymentCurrency): Promise<MidRate>;
}

/**
 * Every rail the engine talks to; real rails or the simulator, each behind its own adapter. `K`
 * are the key countries whose directories it asks: the registry's (src/rails/countries.ts).
 */
export interface Rails<K extends string = KeyCountry> {
  keys: KeyDirectoryPort<K>;
  acquirer: QrAcquirerPort;
  payouts: PayoutsPort;
  refunds: RefundsPort;
  fx: FxRatesPort;
}
