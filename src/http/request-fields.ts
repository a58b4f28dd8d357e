import { z } from 'zod';
import { AMOUNT_CEILING, POSITIVE_AMOUNT_TEXT } from '../money';
import { text } from './text-input';

/** Fields that many request bodies share, each with the one rule the spec gives it. */

/** The spec's limit for every external_reference. */
export const externalReference = text(100);

const AMOUNT_RULE =
  'must be a positive decimal such as "12.50" or a JSON number, below 10^13 (a string has no exponent, sign or separators)';
/**
 * Decimal strings or JSON numbers, positive and below AMOUNT_CEILING; the money module parses
 * them without floating point. How many decimals and how much a country allows depend on the
 * order, so the service checks those (a 400 naming the field).
 */
export const amountInput = z.union(
  [
    z.string().max(32).regex(POSITIVE_AMOUNT_TEXT, AMOUNT_RULE),
    z.number().positive(AMOUNT_RULE).lt(AMOUNT_CEILING, AMOUNT_RULE),
  ],
  {
    error: AMOUNT_RULE,
  },
);
