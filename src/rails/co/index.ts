import type { CountryDescriptor } from '../country-descriptor';
import { CO_DOCUMENT_MASKING } from './co-holder-masking';
import { CO_KEY_RULES, diagnoseColombianKey } from './co-keys';
import { ColombiaBrebAdapter } from './colombia.adapter';

/** Colombia: QRs, and Bre-B keys through its directory. */
export const CO = {
  country: 'CO',
  currency: 'COP',
  // The contract's maximum.
  defaultMaxAmount: '200000000',
  keys: {
    scheme: {
      name: 'Colombia (Bre-B)',
      note:
        "The spec's Bre-B table gives lengths only (name 21, id 17-18, random 10, open_input 21) while its preview " +
        "page lists Brazil's key types; the table is followed, with the grammar below keeping the types apart.",
      rules: CO_KEY_RULES,
      diagnose: diagnoseColombianKey,
    },
    summary: 'Bre-B',
    holders: { documentTypes: ['CC', 'NIT'], masking: CO_DOCUMENT_MASKING },
    rail: { name: 'colombia', connect: (http) => new ColombiaBrebAdapter(http) },
  },
} as const satisfies CountryDescriptor;
