import type { CountryDescriptor } from '../country-descriptor';

/** Chile: QRs only. */
export const CL = {
  country: 'CL',
  currency: 'CLP',
  // Not in the contract: the 50,000 most countries have, which errs on the side of refusing.
  defaultMaxAmount: '50000',
} as const satisfies CountryDescriptor;
