import type { CountryDescriptor } from '../country-descriptor';
import { BR_DOCUMENT_MASKING } from './br-holder-masking';
import { BR_KEY_RULES, diagnoseBrazilianKey } from './br-keys';
import { BrazilPixAdapter } from './brazil.adapter';

/** Brazil: QRs, and Pix keys through the DICT, paid by SPI. */
export const BR = {
  country: 'BR',
  currency: 'BRL',
  // The contract's maximum.
  defaultMaxAmount: '50000',
  keys: {
    scheme: { name: 'Brazil (Pix DICT)', note: null, rules: BR_KEY_RULES, diagnose: diagnoseBrazilianKey },
    summary: 'Pix',
    holders: { documentTypes: ['CPF', 'CNPJ'], masking: BR_DOCUMENT_MASKING },
    rail: { name: 'brazil', connect: (http) => new BrazilPixAdapter(http) },
  },
} as const satisfies CountryDescriptor;
