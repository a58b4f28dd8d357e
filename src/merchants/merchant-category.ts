import { z } from 'zod';

const MCC_MESSAGE = 'must be an ISO 18245 merchant category code: 4 digits, e.g. 5812 or "0742"';
const MAX_MCC = 9999;

/**
 * A merchant category code (ISO 18245), kept as the number the spec's POS read shows. Sent as
 * that number or as its four digits, since MCCs are usually written with their leading zeros.
 */
export const merchantCategoryCode = z
  .union(
    [
      z.number().int(MCC_MESSAGE).min(0, MCC_MESSAGE).max(MAX_MCC, MCC_MESSAGE),
      z
        .string()
        .regex(/^\d{4}$/, MCC_MESSAGE)
        .transform(Number),
    ],
    {
      error: MCC_MESSAGE,
    },
  )
  .describe('Merchant category code (ISO 18245): a number from 0 to 9999, or its 4 digits as a string');

/** How the reads show a category: the number, without the leading zeros of its four digits. */
export const categoryRead = z.number().int().min(0).max(MAX_MCC);

/** The BR Code manual's "0000", category not informed: what a POS shows when nobody set one. */
export const UNSPECIFIED_CATEGORY = 0;

/** A POS's category: its own, else its collector's default, else UNSPECIFIED_CATEGORY. */
export function posCategory(pos: { category: number | null }, collector: { category: number | null }): number {
  return pos.category ?? collector.category ?? UNSPECIFIED_CATEGORY;
}

/** A POS's category as EMVCo tag 52 carries it, four digits: the MCC of the QR codes it creates. */
export function posMcc(chain: { pos: { category: number | null }; collector: { category: number | null } }): string {
  return String(posCategory(chain.pos, chain.collector)).padStart(4, '0');
}
