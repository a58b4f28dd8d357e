import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import type { EmvDecodeResult } from '../emv';

/**
 * Twice EMVCo's 512-character ceiling: a payload between the two still gets a 200 with
 * PAYLOAD_TOO_LONG listed, so integrators learn what is wrong; beyond it the body is refused.
 */
export const QR_MAX_REQUEST_LENGTH = 1024;

export const qrDecodeRequestSchema = z.strictObject({
  qr: z.string().max(QR_MAX_REQUEST_LENGTH).describe('The EMVCo merchant-presented QR payload, as read from the code'),
});
export class QrDecodeRequestDto extends createZodDto(qrDecodeRequestSchema) {}

export const qrDecodeResponseSchema = z.object({
  valid: z.boolean().describe('True when `errors` is empty'),
  errors: z
    .array(
      z.object({
        code: z.string().describe('Stable defect code, e.g. CRC_MISMATCH, MISSING_TAG, INVALID_AMOUNT'),
        message: z.string(),
        tag: z.string().optional().describe('The tag concerned; a sub-tag is written with its template, as in "62.05"'),
      }),
    )
    .describe('Every defect found, not only the first'),
  profile: nullable(
    z.enum(['BR_PIX', 'PE', 'CO', 'AR']),
    'The country or scheme profile whose extra rules were applied; null when none matched',
  ),
  point_of_initiation: nullable(z.enum(['STATIC', 'DYNAMIC']), 'Tag 01; null when absent or invalid'),
  amount: nullable(z.number(), 'Tag 54 as a number; null for an open-amount QR, or when tag 54 is invalid (see `errors`)'),
  currency: nullable(z.object({ alpha: z.string(), numeric: z.string() }), 'Tag 53; null when absent or invalid'),
  country: nullable(z.string(), 'Tag 58; null when absent or invalid'),
  merchant: nullable(
    z.object({ name: nullable(z.string(), 'Tag 59'), city: nullable(z.string(), 'Tag 60'), mcc: nullable(z.string(), 'Tag 52') }),
    'Null when none of tags 52, 59, 60 and 61 is present',
  ),
  merchant_accounts: z
    .array(
      z.object({
        tag: z.string().describe('02-51'),
        gui: nullable(z.string(), 'Sub-tag 00 of a template account (26-51); null for the primitive card-scheme tags 02-25'),
        fields: z.record(z.string(), z.string()).describe('The other sub-fields, by sub-tag id'),
      }),
    )
    .describe('Merchant account information, in payload order'),
  additional_data: z
    .record(z.string(), z.string())
    .describe('Tag 62, by name for the EMVCo sub-tags (bill_number, reference_label, ...) and by id otherwise'),
  crc: z
    .object({
      declared: nullable(z.string(), 'Tag 63 as written'),
      computed: nullable(z.string(), 'CRC-16/CCITT-FALSE over the payload up to "6304"'),
    })
    .describe('Both null when tag 63 is absent'),
  pix: nullable(
    z.object({
      key: nullable(z.string(), 'Sub-tag 01: the Pix key of a static QR'),
      url: nullable(z.string(), 'Sub-tag 25: the payload URL of a dynamic QR'),
      description: nullable(z.string(), 'Sub-tag 02'),
    }),
    'The Pix account (GUI br.gov.bcb.pix) read: key (01), dynamic-QR URL (25), description (02); null for other QRs',
  ),
});
export type QrDecodeView = z.infer<typeof qrDecodeResponseSchema>;
export class QrDecodeResponseDto extends createZodDto(qrDecodeResponseSchema) {}

/** The public view of a decode: raw account values and postal code stay internal to the codec. */
export function qrDecodeView(result: EmvDecodeResult): QrDecodeView {
  return {
    valid: result.valid,
    errors: result.errors.map(({ code, message, tag }) => (tag === undefined ? { code, message } : { code, message, tag })),
    profile: result.profile,
    point_of_initiation: result.point_of_initiation,
    // Tag 54 holds at most 13 characters, so every valid amount is exact as a double.
    amount: result.amount === null ? null : Number(result.amount),
    currency: result.currency,
    country: result.country,
    merchant: result.merchant === null ? null : { name: result.merchant.name, city: result.merchant.city, mcc: result.merchant.mcc },
    merchant_accounts: result.merchant_accounts.map(({ tag, gui, fields }) => ({ tag, gui, fields })),
    additional_data: result.additional_data,
    crc: result.crc,
    pix: result.pix,
  };
}
