import type { CountryDescriptor } from '../country-descriptor';

/** Uruguay: QRs only. */
export const UY = {
  country: 'UY',
  currency: 'UYU',
  // Not in the contract: the 50,000 most countries have, which errs on the side of refusing.
  defaultMaxAmount: '50000',
} as const satisfies CountryDescriptor;
