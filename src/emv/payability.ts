import { COUNTRY_CODES, isSupportedCountry } from '../money';
import { RAIL_CURRENCIES } from '../rails/rails.port';
import { emvError, type EmvError } from './emv-error';
import { isRecurrenceOnly, type PixData } from './pix';

export interface PayabilityInput {
  readonly country: string | null;
  readonly currencyAlpha: string | null;
  readonly pix: { readonly tag: string; readonly data: PixData } | null;
}

/**
 * Why this service cannot pay a QR, whatever its form: it collects in the countries src/money
 * knows, converts only into the currencies its FX provider quotes (the list src/fx checks), and
 * needs a payment to make. Judged on the values read: a missing or unreadable country or
 * currency is an EMVCo defect, reported as such, not again here.
 */
export function notPayableReasons(input: PayabilityInput): EmvError[] {
  const reasons: EmvError[] = [];
  if (input.country !== null && !isSupportedCountry(input.country)) {
    reasons.push(emvError('UNSUPPORTED_COUNTRY', '58', `${input.country}; this service pays in ${COUNTRY_CODES.join(', ')}`));
  }
  if (input.currencyAlpha !== null && !(RAIL_CURRENCIES as readonly string[]).includes(input.currencyAlpha)) {
    reasons.push(emvError('UNSUPPORTED_CURRENCY', '53', `${input.currencyAlpha}; this service pays in ${RAIL_CURRENCIES.join(', ')}`));
  }
  if (input.pix !== null && isRecurrenceOnly(input.pix.data)) reasons.push(emvError('NOTHING_TO_PAY', input.pix.tag));
  return reasons;
}
