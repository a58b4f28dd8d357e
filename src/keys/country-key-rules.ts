import { BR_KEY_RULES, diagnoseBrazilianKey } from './br-keys';
import { CO_KEY_RULES, diagnoseColombianKey } from './co-keys';
import { diagnosePeruvianKey, PE_KEY_RULES } from './pe-keys';

/**
 * Each country's key rules, with the function that explains a refusal when the key's form shows
 * which type it was meant to be (a formatted CPF, a phone without its "+"…), and what the
 * integrator documentation says about the country as a whole.
 */
export const COUNTRY_KEY_RULES = {
  BR: { name: 'Brazil (Pix DICT)', rules: BR_KEY_RULES, diagnose: diagnoseBrazilianKey, note: null },
  PE: { name: 'Peru', rules: PE_KEY_RULES, diagnose: diagnosePeruvianKey, note: null },
  CO: {
    name: 'Colombia (Bre-B)',
    rules: CO_KEY_RULES,
    diagnose: diagnoseColombianKey,
    note:
      "The spec's Bre-B table gives lengths only (name 21, id 17-18, random 10, open_input 21) while its preview " +
      "page lists Brazil's key types; the table is followed, with the grammar below keeping the types apart.",
  },
} as const;
