import { additionalDataIds, type AdditionalData } from './additional-data';
import { crc16 } from './crc16';
import { decodeEmvQr } from './decode';
import { EmvEncodeError } from './emv-error';
import { POINT_OF_INITIATION_CODES, type PointOfInitiation } from './header-fields';
import type { QrScope } from './qr-scope';
import { buildTlv } from './tlv';

/** Mirrors the decode result's names, so a decoded QR reads back as the input that made it. */
export interface EmvEncodeInput {
  /** STATIC ("11") for an open-amount QR, DYNAMIC ("12") for a closed-amount one, per the contract. */
  point_of_initiation: PointOfInitiation;
  /** Template accounts (tags 26-51), written in the given order, each led by its GUI. */
  merchant_accounts: readonly { tag: string; gui: string; fields?: Record<string, string> }[];
  merchant: { name: string; city: string; mcc: string; postal_code?: string };
  /** ISO 4217 numeric, three digits. */
  currency_numeric: string;
  /** Decimal string; absent means an open-amount QR (no tag 54). */
  amount?: string;
  country: string;
  additional_data?: AdditionalData;
}

function template(id: string, subFields: readonly [string, string][]): string {
  return buildTlv(id, subFields.map(([subId, value]) => buildTlv(subId, value)).join(''));
}

/**
 * Builds a payload with its CRC. The output is decoded (judged by `scope`) before it is returned and
 * refused with an EmvEncodeError unless valid, so the encoder can never hand out a QR the decoder
 * would reject.
 * Whether the point of initiation matches the presence of an amount is the caller's policy: real
 * schemes issue static QRs with an amount and dynamic ones without.
 */
export function encodeEmvQr(input: EmvEncodeInput, scope: QrScope): string {
  const parts = [
    buildTlv('00', '01'),
    buildTlv('01', POINT_OF_INITIATION_CODES[input.point_of_initiation]),
    ...input.merchant_accounts.map((account) =>
      template(account.tag, [['00', account.gui], ...Object.entries(account.fields ?? {})]),
    ),
    buildTlv('52', input.merchant.mcc),
    buildTlv('53', input.currency_numeric),
    input.amount === undefined ? '' : buildTlv('54', input.amount),
    buildTlv('58', input.country),
    buildTlv('59', input.merchant.name),
    buildTlv('60', input.merchant.city),
    input.merchant.postal_code === undefined ? '' : buildTlv('61', input.merchant.postal_code),
  ];
  const additional = additionalDataIds(input.additional_data ?? {});
  // An empty template would be a zero-length field, which EMVCo forbids.
  if (additional.length > 0) parts.push(template('62', additional));

  const unsigned = `${parts.join('')}6304`;
  const payload = `${unsigned}${crc16(unsigned)}`;
  const decoded = decodeEmvQr(payload, scope);
  if (!decoded.valid) throw new EmvEncodeError(decoded.errors);
  return payload;
}
