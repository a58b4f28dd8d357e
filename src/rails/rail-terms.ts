import type { PaymentCurrency } from '../money';

/**
 * What every rail speaks, in the engine's own terms, whichever country it serves: the holders
 * and accounts behind keys, wallets, destinations, the movements' requests and outcomes, and FX
 * rates. The adapters (src/rails/<cc>/, src/rails/acquirer, src/rails/fx-provider) answer in
 * these; src/rails/rails.port.ts, the port the engine calls, adds the countries served. Every
 * amount is a decimal string: floating point never carries money here.
 */

/** A non-negative decimal in major units, e.g. "125.40". */
export type DecimalString = string;

export type AccountType = 'CHECKING' | 'SAVINGS' | 'PAYMENT';

/** The holder behind a key, where the directory answers one: Brazil's DICT, Colombia's Bre-B. */
export interface AccountHolder {
  name: string;
  /**
   * CPF/CNPJ in Brazil, cédula/NIT in Colombia, unformatted: digits only, except the NIT's
   * check-digit dash and the upper-case letters of an alphanumeric CNPJ.
   */
  identificationNumber: string;
  /** One of the document types of the key's country (its descriptor's `holders`): CPF, CNPJ; CC, NIT. */
  identificationType: string;
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

/**
 * What a key directory answers about a key: the holder behind it (Brazil's DICT, Colombia's
 * Bre-B), or Peru's account or phone wallets in the spec's own fields. The port adds the country
 * it asked (KeyLookupResult, src/rails/rails.port.ts).
 */
export type DirectoryAnswer =
  | {
      kind: 'ACCOUNT_HOLDER';
      key: string;
      holder: AccountHolder;
      /** A phone key only: its one wallet, the holder's account. */
      wallets?: PhoneWallet[];
    }
  | { kind: 'PERU_ACCOUNT'; key: string; account: PeruAccountInfo }
  | {
      kind: 'PERU_WALLETS';
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

/** A payout as one rail takes it: the rail already is the country's, and the destination comes apart. */
export interface RailPayout {
  /** Idempotency key at the rail: a retried payout with the same id never pays twice. */
  payoutId: string;
  orderId: string;
  currency: PaymentCurrency;
  amount: DecimalString;
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
  | { kind: 'COMPLETED'; railReference: string }
  | { kind: 'REJECTED'; railReference: string; reason: string }
  | { kind: 'FAILED'; reason: string }
  | { kind: 'UNKNOWN'; reason: string };

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
