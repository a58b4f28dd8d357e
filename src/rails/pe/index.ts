import type { CountryDescriptor } from '../country-descriptor';
import { diagnosePeruvianKey, PE_KEY_RULES } from './pe-keys';
import { PeruCceAdapter } from './peru.adapter';

/** Peru: QRs, and CCIs through the CCE or phones through the wallet directory (Yape, Plin…). */
export const PE = {
  country: 'PE',
  currency: 'PEN',
  // The contract's maximum.
  defaultMaxAmount: '50000',
  keys: {
    scheme: { name: 'Peru', note: null, rules: PE_KEY_RULES, diagnose: diagnosePeruvianKey },
    summary: 'CCI or phone',
    // Peru's validations answer the spec's own fields, shown as they are.
    holders: null,
    rail: { name: 'peru', connect: (http) => new PeruCceAdapter(http) },
  },
} as const satisfies CountryDescriptor;
