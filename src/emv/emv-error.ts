/**
 * Every finding the decoder can report, with its English message. The codes are part of the
 * public API (served by POST /v2/qr/decode): never rename one, only add. Three groups, one per
 * question the decoder answers: EMVCo defects, scheme rule violations, reasons not payable here.
 */
const MESSAGES = {
  // EMVCo MPM: structure, checksum, mandatory tags, formats and lengths.
  TRUNCATED_TLV: 'the data ends inside a tag header (an id and a length take 4 characters)',
  INVALID_TAG_ID: 'a tag id must be two digits',
  INVALID_LENGTH: 'a length must be two digits from 01 to 99',
  LENGTH_OVERRUN: 'the declared length runs past the end of the data',
  PAYLOAD_TOO_LONG: 'a QR payload holds at most 512 characters',
  DUPLICATE_TAG: 'the tag appears more than once; the first occurrence is used',
  MISSING_TAG: 'a mandatory tag is missing',
  PAYLOAD_FORMAT_INDICATOR_NOT_FIRST: 'the payload format indicator must be the first tag',
  INVALID_PAYLOAD_FORMAT_INDICATOR: 'the payload format indicator must be "01"',
  INVALID_POINT_OF_INITIATION: 'the point of initiation method must be "11" (static) or "12" (dynamic)',
  CRC_MISSING: 'the CRC is missing',
  CRC_NOT_LAST: 'the CRC must be the last tag',
  INVALID_CRC_FORMAT: 'the CRC must be 4 hexadecimal characters',
  CRC_MISMATCH: 'the CRC does not match the payload',
  INVALID_MCC: 'the merchant category code must be 4 digits',
  INVALID_CURRENCY: 'the currency must be an ISO 4217 numeric code',
  INVALID_AMOUNT: 'the amount must be a positive decimal of at most 13 characters, with "." as the only separator',
  INVALID_COUNTRY: 'the country code must be 2 upper-case letters (ISO 3166-1 alpha-2)',
  MERCHANT_NAME_TOO_LONG: 'the merchant name must be at most 25 characters',
  MERCHANT_CITY_TOO_LONG: 'the merchant city must be at most 15 characters',
  POSTAL_CODE_TOO_LONG: 'the postal code must be at most 10 characters',
  NO_MERCHANT_ACCOUNT: 'at least one merchant account information tag (02 to 51) is required',
  MISSING_GUI: 'a merchant account information template must start with a globally unique identifier (sub-tag 00)',
  // Scheme and country profiles (src/emv/profiles.ts).
  CURRENCY_COUNTRY_MISMATCH: "the currency is not the currency of the QR's country profile",
  PROFILE_COUNTRY_MISMATCH: "the country does not match the country of the account's scheme",
  PIX_MISSING_KEY_OR_URL:
    'a Pix account needs a key (sub-tag 01) or a URL (sub-tag 25), unless a Pix Automático template (80-99) carries the recurrence URL',
  PIX_KEY_AND_URL: 'a Pix account carries either a key (sub-tag 01) or a URL (sub-tag 25), not both',
  PIX_INVALID_KEY: 'the Pix key is not a CPF, CNPJ, e-mail, +55 phone or UUID',
  PIX_MISSING_TXID: 'a Pix QR needs a reference label (tag 62, sub-tag 05), "***" when there is none',
  // What this service can pay (src/emv/payability.ts).
  UNSUPPORTED_COUNTRY: 'this service does not pay QR codes of this country',
  UNSUPPORTED_CURRENCY: 'this service does not pay in this currency',
  NOTHING_TO_PAY: 'the QR only offers a Pix Automático recurrence to authorise (tag 80-99); it carries no payment',
} as const;

export type EmvErrorCode = keyof typeof MESSAGES;

export interface EmvError {
  readonly code: EmvErrorCode;
  readonly message: string;
  /** The tag concerned; a sub-tag is written with its template, as in "62.05". */
  readonly tag?: string;
}

export function emvError(code: EmvErrorCode, tag?: string, detail?: string): EmvError {
  const message = `${tag === undefined ? '' : `tag ${tag}: `}${MESSAGES[code]}${detail === undefined ? '' : ` (${detail})`}`;
  return tag === undefined ? { code, message } : { code, message, tag };
}

/** Thrown by the encoder when its input cannot make a valid QR; carries the decoder's findings. */
export class EmvEncodeError extends Error {
  constructor(readonly errors: readonly EmvError[]) {
    super(`cannot encode an EMV QR: ${errors.map((error) => error.message).join('; ')}`);
    this.name = 'EmvEncodeError';
  }
}
