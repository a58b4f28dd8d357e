/**
 * What the caller pays and takes, which the QR codec judges a QR against and cannot know itself:
 * the codec keeps no list of countries and no country's key rules (they are the countries'
 * own, src/rails/<cc>/). The service's scope is src/rails/countries.ts's `QR_SCOPE`.
 */
export interface QrScope {
  /** The countries whose QRs are paid (tag 58), in the order a refusal lists them. */
  readonly countries: readonly string[];
  /** Whether a Pix QR's key (tag 26.01) is one the payment-key API takes in Brazil. */
  readonly isPixKey: (key: string) => boolean;
}
