import type { CountryDescriptor } from '../country-descriptor';

/** Mexico: QRs only. */
export const MX = {
  country: 'MX',
  currency: 'MXN',
  // Not in the contract: the 50,000 most countries have, which errs on the side of refusing.
  defaultMaxAmount: '50000',
} as const satisfies CountryDescriptor;
