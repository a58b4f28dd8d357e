import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { codePointLength, type EmvDecodeResult, type EmvError } from '../emv';

/**
 * Twice EMVCo's 512-character ceiling: a payload between the two still gets a 200 with
 * PAYLOAD_TOO_LONG listed, so integrators learn what is wrong; beyond it the body is refused.
 * Characters, as EMVCo counts them: an emoji is one, though JavaScript's length says two.
 */
export const QR_MAX_REQUEST_LENGTH = 1024;

export const qrDecodeRequestSchema = z.strictObject({
  qr: z
    .string()
    .refine((qr) => codePointLength(qr) <= QR_MAX_REQUEST_LENGTH, `must be at most ${QR_MAX_REQUEST_LENGTH} characters`)
    .describe(
      `The EMVCo merchant-presented QR payload, as read from the code; at most ${QR_MAX_REQUEST_LENGTH} characters`,
    ),
});
export class QrDecodeRequestDto extends createZodDto(qrDecodeRequestSchema) {}

const findings = (description: string) =>
  z
    .array(
      z.object({
        code: z
          .string()
          .describe('Stable code, e.g. CRC_MISMATCH, MISSING_TAG, PIX_MISSING_TXID, UNSUPPORTED_CURRENCY'),
        message: z.string(),
        tag: z.string().optional().describe('The tag concerned; a sub-tag is written with its template, as in "62.05"'),
      }),
    )
    .describe(description);

export const qrDecodeResponseSchema = z.object({
  valid: z
    .boolean()
    .describe(
      'True exactly when `errors` is empty, which makes it equal to `payable`: the QR can be previewed and paid (POST /v2/payments/previews)',
    ),
  errors: findings(
    'Every finding, not only the first: `emvco_errors`, then `scheme_violations`, then `not_payable_reasons`',
  ),
  emvco_valid: z
    .boolean()
    .describe(
      'The payload is well-formed EMVCo MPM: TLV structure, CRC, mandatory tags, formats, lengths counted in characters',
    ),
  emvco_errors: findings('The EMVCo defects, e.g. CRC_MISMATCH, MISSING_TAG, INVALID_CURRENCY (not an ISO 4217 code)'),
  scheme_valid: z
    .boolean()
    .describe("The rules of the QR's scheme or country profile (see `profile`) hold; true when no profile applies"),
  scheme_violations: findings('The broken rules of the profile, e.g. PIX_MISSING_TXID, CURRENCY_COUNTRY_MISMATCH'),
  payable: z
    .boolean()
    .describe('This service can pay it: `emvco_valid`, `scheme_valid`, and no entry in `not_payable_reasons`'),
  not_payable_reasons: findings(
    'Why this service cannot pay the QR whatever its form: UNSUPPORTED_COUNTRY, UNSUPPORTED_CURRENCY, NOTHING_TO_PAY (a Pix Automático recurrence alone)',
  ),
  profile: nullable(
    z.enum(['BR_PIX', 'PE', 'CO', 'AR']),
    'The country or scheme profile whose extra rules were applied; null when none matched',
  ),
  point_of_initiation: nullable(z.enum(['STATIC', 'DYNAMIC']), 'Tag 01; null when absent or invalid'),
  amount: nullable(
    z.number(),
    'Tag 54 as a number; null for an open-amount QR, or when tag 54 is invalid (see `errors`)',
  ),
  currency: nullable(
    z.object({ alpha: z.string(), numeric: z.string() }),
    'Tag 53, any ISO 4217 currency; null when absent or invalid',
  ),
  country: nullable(z.string(), 'Tag 58; null when absent or invalid'),
  merchant: nullable(
    z.object({
      name: nullable(z.string(), 'Tag 59'),
      city: nullable(z.string(), 'Tag 60'),
      mcc: nullable(z.string(), 'Tag 52'),
    }),
    'Null when none of tags 52, 59, 60 and 61 is present',
  ),
  merchant_accounts: z
    .array(
      z.object({
        tag: z.string().describe('02-51'),
        format: z
          .enum(['primitive', 'template', 'opaque'])
          .describe(
            'primitive: a card-network tag 02-25; template: a 26-51 tag read as sub-fields; opaque: a 26-51 tag whose value is no sub-TLV, kept as written',
          ),
        gui: nullable(z.string(), 'Sub-tag 00 of a template; null for primitive and opaque accounts'),
        fields: z
          .record(z.string(), z.string())
          .describe('The other sub-fields of a template, by sub-tag id; empty otherwise'),
        value: z
          .string()
          .describe("The raw value: the network's merchant id of a primitive tag, the encoded template otherwise"),
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
      recurrence_url: nullable(
        z.string(),
        'Pix Automático: sub-tag 25 of a template 80-99 led by the Pix GUI, where the recurrence parameters are read',
      ),
    }),
    'The Pix account (GUI br.gov.bcb.pix) read: key (01), dynamic-QR URL (25), description (02); null for other QRs',
  ),
});
export type QrDecodeView = z.infer<typeof qrDecodeResponseSchema>;
export class QrDecodeResponseDto extends createZodDto(qrDecodeResponseSchema) {}

const findingsView = (errors: readonly EmvError[]) =>
  errors.map(({ code, message, tag }) => (tag === undefined ? { code, message } : { code, message, tag }));

/** The public view of a decode: the postal code and the tags it does not interpret stay internal to the codec. */
export function qrDecodeView(result: EmvDecodeResult): QrDecodeView {
  return {
    valid: result.valid,
    errors: findingsView(result.errors),
    emvco_valid: result.emvco_valid,
    emvco_errors: findingsView(result.emvco_errors),
    scheme_valid: result.scheme_valid,
    scheme_violations: findingsView(result.scheme_violations),
    payable: result.payable,
    not_payable_reasons: findingsView(result.not_payable_reasons),
    profile: result.profile,
    point_of_initiation: result.point_of_initiation,
    // Tag 54 holds at most 13 characters, so every valid amount is exact as a double.
    amount: result.amount === null ? null : Number(result.amount),
    currency: result.currency,
    country: result.country,
    merchant:
      result.merchant === null
        ? null
        : { name: result.merchant.name, city: result.merchant.city, mcc: result.merchant.mcc },
    merchant_accounts: result.merchant_accounts,
    additional_data: result.additional_data,
    crc: result.crc,
    pix: result.pix,
  };
}
