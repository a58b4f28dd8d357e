import type { KeyCountry } from '../rails.port';

export type KeyFormat =
  | 'CPF'
  | 'CNPJ'
  | 'EMAIL'
  | 'PHONE'
  | 'EVP'
  | 'CCI'
  | 'BREB';

const PHONE = /^\+[1-9]\d{7,14}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Bre-B key lengths from the spec: random 10, id 17-18, name and open_input 21. */
const BREB_LENGTHS = new Set([10, 17, 18, 21]);

/**
 * The directory's own format check, deliberately only by shape: check digits are left to our
 * service's key validation, so integrators can try any well-shaped key in the sandbox.
 */
export function classifyKey(country: KeyCountry, key: string): KeyFormat | null {
  switch (country) {
    case 'BR':
      if (/^\d{11}$/.test(key)) return 'CPF';
      if (/^\d{14}$/.test(key)) return 'CNPJ';
      if (PHONE.test(key)) return 'PHONE';
      if (UUID_V4.test(key)) return 'EVP';
      return key.length <= 77 && EMAIL.test(key) ? 'EMAIL' : null;
    case 'PE':
      if (/^\d{20,22}$/.test(key)) return 'CCI';
      return PHONE.test(key) ? 'PHONE' : null;
    case 'CO':
      return /^[A-Za-z0-9]+$/.test(key) && BREB_LENGTHS.has(key.length) ? 'BREB' : null;
  }
}
