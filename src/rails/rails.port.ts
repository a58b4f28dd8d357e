import type { CountryCode, KeyCountry, PaymentCurrency } from '../money';

/**
 * The upstream rails as the engine sees them: key directories (Pix DICT, Peru CCE and wallets,
 * Bre-B), QR acquirers, payouts, refunds and the FX provider, in the engine's own terms. Each
 * rail's wire format lives in its adapter folder (src/rails/<rail>/) and never leaks past it.
 * Every amount is a decimal string: floating point never carries money here. The countries and
 * currencies they serve are src/money's.
 */

/** A non-negative decimal in major units, e.g. "125.40". */
export type DecimalString = string;

export type AccountType = 'CHECKING' | 'SAVINGS' | 'PAYMENT';

/** Brazil (DICT) and Colombia (Bre-B): the holder behind a key. */
export interface AccountHolder {
  name: string;
  /**
   * CPF/CNPJ in Brazil, cédula/NIT in Colombia, unformatted: digits only, except the NIT's
   * check-digit dash and the upper-case letters of an alphanumeric CNPJ.
   */
  identificationNumber: string;
  identificationType: 'CPF' | 'CNPJ' | 'CC' | 'NIT';
  /** ISPB (8 digits) in Brazil, the bank code in Colombia. */
  participantCode: string;
  participantName: string;
  branch: string;
  accountNumber: string;
  accountType: AccountType;
}

/** Peru account information, field names exactly as the spec's validation responses. */
export interface PeruAccountInfo {
  name: string;
  accountNumber: string;
  identificationNumber: string;
  mcc: string;
  branchOffice: string;
  category: 'CHECKING' | 'SAVINGS';
  postalCode: string | null;
  bank: string;
  terminal: string | null;
}

/**
 * One wallet a phone-number key can be paid into: one of the wallets linked to a Peru phone
 * (Yape, Plin…), or the one account a Brazilian or Colombian phone key names
 * (src/rails/phone-wallets.ts). Peru's validation response and the preview callback name the
 * same facts differently; this canonical shape carries both (see src/payments/key-views.ts).
 */
export interface PhoneWallet {
  /** UUID v4; the payment later routes on it (wallet_id). */
  id: string;
  contactNumber: string;
  /** The participant (bank or wallet provider) that holds the account: its CCE entity code, ISPB or Bre-B entity code. */
  entityCode: string;
  /** The directory that routes to it: YAPE, PLIN, BIM in Peru; DICT in Brazil; BREB in Colombia. */
  directoryCode: string;
  bankName: string;
  /** Supports the in-person flow; only the preview callback exposes it. */
  present: boolean;
}

export type KeyLookupResult =
  | {
      kind: 'ACCOUNT_HOLDER';
      country: 'BR' | 'CO';
      key: string;
      holder: AccountHolder;
      /** A phone key only: its one wallet, the holder's account. */
      wallets?: PhoneWallet[];
    }
  | { kind: 'PERU_ACCOUNT'; country: 'PE'; key: string; account: PeruAccountInfo }
  | {
      kind: 'PERU_WALLETS';
      country: 'PE';
      key: string;
      /** The holder's default wallet account (wallets[0]); the spec's phone response has these fields too. */
      account: PeruAccountInfo;
      /** Sent back later as wallet_record_id. */
      walletId: string;
      wallets: PhoneWallet[];
    };

export interface PeruWalletAccount extends PeruAccountInfo {
  wallet_name: string;
}

/** What the QR acquirer tells about the merchant behind a QR: the preview callback's collector. */
export interface QrMerchant {
  name: string;
  identification_number: string;
  branch_office: string;
}

export type PayoutDestination =
  /** A payment key; walletId is the wallet the payer picked for a phone key. */
  { type: 'KEY'; key: string; walletId?: string } | { type: 'QR'; qr: string };
export type KeyDestination = Extract<PayoutDestination, { type: 'KEY' }>;
export type QrDestination = Extract<PayoutDestination, { type: 'QR' }>;

export interface PayoutRequest {
  /** Idempotency key at the rail: a retried payout with the same id never pays twice. */
  payoutId: string;
  orderId: string;
  country: CountryCode;
  currency: PaymentCurrency;
  amount: DecimalString;
  destination: PayoutDestination;
}

/** The rail's own answer to a payout request it executed; the wire shape. */
export interface PayoutResult {
  status: 'COMPLETED' | 'REJECTED';
  railReference: string;
  /** Why the destination refused; only for REJECTED. */
  reason?: string;
}

export interface RefundRequest {
  /** Idempotency key at the rail, like payoutId. */
  refundId: string;
  orderId: string;
  payoutReference: string;
  amount: DecimalString;
  currency: PaymentCurrency;
}

export interface RefundResult {
  status: 'COMPLETED' | 'REJECTED';
  railReference: string;
}

/**
 * What a payout or refund request established. Only the first three are answers: COMPLETED
 * (money moved), REJECTED (the destination refused) and FAILED (the rail refused the request
 * itself, so nothing moved). UNKNOWN (a timeout, a 5xx, an idempotency conflict, an answer we
 * cannot read) means the rail may have moved the money: the caller must ask, never guess.
 */
export type MovementOutcome =
  { kind: 'COMPLETED'; railReference: string } | { kind: 'REJECTED'; railReference: string; reason: string } | { kind: 'FAILED'; reason: string } | { kind: 'UNKNOWN'; reason: string };

/** The rail's status inquiry: NOT_FOUND means it never executed a request under that id. */
export const MOVEMENT_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED', 'NOT_FOUND'] as const;
export type MovementStatusCode = (typeof MOVEMENT_STATUSES)[number];

export interface MovementStatus {
  status: MovementStatusCode;
  /** For COMPLETED and REJECTED. */
  railReference?: string;
  /** For REJECTED. */
  reason?: string;
}

export interface MidRate {
  base: PaymentCurrency;
  target: PaymentCurrency;
  /** Units of target per one unit of base, at most 10 decimal places. */
  rate: DecimalString;
  /** ISO 8601 time the rate was published. */
  as_of: string;
}

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
export interface KeyDirectoryPort {
  lookupKey(request: { country: KeyCountry; key: string }): Promise<KeyLookupResult>;
  /** Peru's phone flow, second step: the account behind the wallet the payer picked. */
  resolveWallet(request: { walletRecordId: string; selectedWalletId: string; country: 'PE' }): Promise<PeruWalletAccount>;
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

/** Every rail the engine talks to; real rails or the simulator, each behind its own adapter. */
export interface Rails {
  keys: KeyDirectoryPort;
  acquirer: QrAcquirerPort;
  payouts: PayoutsPort;
  refunds: RefundsPort;
  fx: FxRatesPort;
}
