import type { AdditionalData } from './additional-data';
import type { EmvError } from './emv-error';
import type { PointOfInitiation } from './header-fields';
import type { MerchantAccount } from './merchant-accounts';
import type { PixData } from './pix';
import type { EmvProfileId } from './profiles';

/**
 * What POST /v2/qr/decode serves as-is, hence snake_case. Everything readable is returned even
 * when `valid` is false; `amount` null means an open-amount QR (tag 54 absent) only when valid.
 */
export interface EmvDecodeResult {
  valid: boolean;
  errors: EmvError[];
  profile: EmvProfileId | null;
  point_of_initiation: PointOfInitiation | null;
  /** Decimal string as written in tag 54; the HTTP layer turns it into a number. */
  amount: string | null;
  currency: { alpha: string; numeric: string } | null;
  country: string | null;
  /** Null when none of name, city, MCC and postal code is present. */
  merchant: { name: string | null; city: string | null; mcc: string | null; postal_code: string | null } | null;
  merchant_accounts: MerchantAccount[];
  additional_data: AdditionalData;
  /** Tag 64, the merchant's name and city in another language (often another script). */
  merchant_language: { language: string | null; name: string | null; city: string | null } | null;
  /** Tags 80-99, by tag, each read as a template. */
  unreserved_templates: { tag: string; fields: Record<string, string> }[];
  /** Other tags read but not interpreted (tip and fee tags 55-57, RFU tags 65-79), by id. */
  other_tags: Record<string, string>;
  /** Computed over the payload up to and including "6304"; both null when tag 63 is absent. */
  crc: { declared: string | null; computed: string | null };
  pix: PixData | null;
}
