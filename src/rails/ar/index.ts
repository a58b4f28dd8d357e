import type { CountryDescriptor } from '../country-descriptor';

/** Argentina: QRs only. */
export const AR = {
  country: 'AR',
  currency: 'ARS',
  // The contract's maximum.
  defaultMaxAmount: '50000',
} as const satisfies CountryDescriptor;
