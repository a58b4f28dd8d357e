import type { DocumentMasking, KeyScheme } from '../keys';
import type { PaymentCurrency } from '../money';
import type { RailHttpClient } from './http/rail-http-client';
import type { KeyRail } from './key-rail';

/**
 * A country served, as its folder (src/rails/<cc>/) describes it: everything the engine knows of
 * the country is here, and the registry (src/rails/countries.ts) derives every list of countries,
 * currencies and key kinds from these. A country paid by QR only has no `keys`.
 */
export interface CountryDescriptor<C extends string = string> {
  /** ISO 3166-1 alpha-2, as QRs (tag 58), orders and AMOUNT_LIMITS write it. */
  readonly country: C;
  /** What merchants there are paid in: one of the payment currencies, and no other country's. */
  readonly currency: PaymentCurrency;
  /** The largest amount a payment there may have, in its currency, unless AMOUNT_LIMITS says otherwise. */
  readonly defaultMaxAmount: string;
  readonly keys?: KeyPayments;
}

/** A country whose payment keys are paid without a QR: its key kinds and rules, and its rail. */
export interface KeyPayments {
  readonly scheme: KeyScheme;
  /** A few words on what its keys are, for the `local_country` field's description: "Pix", "CCI or phone". */
  readonly summary: string;
  /**
   * The holders its directory answers, where the spec leaves that answer's shape open: the
   * document types they carry (as `identificationType` names them) and how they are shown
   * masked (src/keys/holder-masking.ts). Null where the answers are the spec's own fields (Peru).
   */
  readonly holders: { readonly documentTypes: readonly string[]; readonly masking: DocumentMasking } | null;
  readonly rail: {
    /** The rail's `rail` label on cbp_rails_request_duration_seconds. */
    readonly name: string;
    /** Its adapter, over the HTTP client the rail is measured with: how its directory answers and where it pays. */
    readonly connect: (http: RailHttpClient) => KeyRail;
  };
}
