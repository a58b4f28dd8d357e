import { isPaymentCurrency, PAYMENT_CURRENCIES } from '../money';
import { emvError, type EmvError } from './emv-error';
import { isRecurrenceOnly, type PixData } from './pix';
import type { QrScope } from './qr-scope';

export interface PayabilityInput {
  readonly country: string | null;
  readonly currencyAlpha: string | null;
  readonly pix: { readonly tag: string; readonly data: PixData } | null;
}

/**
 * Why this service cannot pay a QR, whatever its form: it collects in the countries it serves
 * (the scope's) and pays in its payment currencies (src/money's), and needs a payment to make.
 * Judged on the values read: a missing or unreadable country or currency is an EMVCo defect,
 * reported as such, not again here.
 */
export function notPayableReasons(input: PayabilityInput, scope: QrScope): EmvError[] {
  const reasons: EmvError[] = [];
  if (input.country !== null && !scope.countries.includes(input.country)) {
    reasons.push(
      emvError('UNSUPPORTED_COUNTRY', '58', `${input.country}; this service pays in ${scope.countries.join(', ')}`),
    );
  }
  if (input.currencyAlpha !== null && !isPaymentCurrency(input.currencyAlpha)) {
    reasons.push(
      emvError(
        'UNSUPPORTED_CURRENCY',
        '53',
        `${input.currencyAlpha}; this service pays in ${PAYMENT_CURRENCIES.join(', ')}`,
      ),
    );
  }
  if (input.pix !== null && isRecurrenceOnly(input.pix.data)) reasons.push(emvError('NOTHING_TO_PAY', input.pix.tag));
  return reasons;
}
