import type { AdditionalData } from './additional-data';
import type { EmvError } from './emv-error';
import type { PointOfInitiation } from './header-fields';
import type { MerchantAccount } from './merchant-accounts';
import type { PixData, TemplateFields } from './pix';
import type { EmvProfileId } from './profiles';

/**
 * What POST /v2/qr/decode serves, hence snake_case. Three questions are answered apart: is the
 * payload well-formed EMVCo, does it keep its scheme's rules, and can this service pay it.
 * Everything readable is returned whatever the answers; `amount` null means an open-amount QR
 * (tag 54 absent) only when `emvco_valid`.
 */
export interface EmvDecodeResult {
  /** True exactly when `errors` is empty, which makes it equal to `payable`. */
  valid: boolean;
  /** Every finding: `emvco_errors`, then `scheme_violations`, then `not_payable_reasons`. */
  errors: EmvError[];
  emvco_valid: boolean;
  /** Structure, CRC, mandatory tags, formats and lengths (counted in characters). */
  emvco_errors: EmvError[];
  /** True when the detected profile's rules hold, or when no profile applies. */
  scheme_valid: boolean;
  scheme_violations: EmvError[];
  /** This service can pay it: well-formed, within its scheme's rules, and no reason below. */
  payable: boolean;
  /** Country, currency or content this service does not pay, whatever the QR's form. */
  not_payable_reasons: EmvError[];
  profile: EmvProfileId | null;
  point_of_initiation: PointOfInitiation | null;
  /** Decimal string as written in tag 54; the HTTP layer turns it into a number. */
  amount: string | null;
  /** Any ISO 4217 currency; whether it is paid here is `not_payable_reasons`' business. */
  currency: { alpha: string; numeric: string } | null;
  country: string | null;
  /** Null when none of name, city, MCC and postal code is present. */
  merchant: { name: string | null; city: string | null; mcc: string | null; postal_code: string | null } | null;
  merchant_accounts: MerchantAccount[];
  additional_data: AdditionalData;
  /** Tag 64, the merchant's name and city in another language (often another script). */
  merchant_language: { language: string | null; name: string | null; city: string | null } | null;
  /** Tags 80-99, by tag, each read as a template. */
  unreserved_templates: TemplateFields[];
  /** Other tags read but not interpreted (tip and fee tags 55-57, RFU tags 65-79), by id. */
  other_tags: Record<string, string>;
  /** Computed over the payload up to and including "6304"; both null when tag 63 is absent. */
  crc: { declared: string | null; computed: string | null };
  pix: PixData | null;
}
