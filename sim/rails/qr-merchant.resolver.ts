import { decodeEmvQr } from '../../src/emv';
import { QR_SCOPE } from '../../src/rails/countries';
import type { QrMerchant } from '../../src/rails/rails.port';
import { DeterministicSource } from './deterministic-source';
import { UNKNOWN_QR_MERCHANT } from './magic-values';
import { SimulatorHttpError } from './simulator-http.error';
import { companyTaxId } from './tax-id.generator';

/**
 * The acquirer's view of a QR's merchant, derived from what the QR itself says: a tax id the
 * QR carries (62.10) is taken as is, otherwise one is generated from country, name, city and
 * merchant accounts; the branch is the store label, else the terminal label, else empty.
 */
export function resolveQrMerchant(qr: string, seed: string): QrMerchant {
  const decoded = decodeEmvQr(qr, QR_SCOPE);
  const name = decoded.merchant?.name;
  if (!decoded.valid || name === null || name === undefined) {
    const problems = decoded.errors.map((error) => error.code).join(', ') || 'no merchant name (tag 59)';
    throw new SimulatorHttpError(400, 'INVALID_REQUEST', `not a valid EMV QR: ${problems}`);
  }
  if (name.trim().toUpperCase() === UNKNOWN_QR_MERCHANT) {
    throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `no merchant registered as ${name}`);
  }
  const country = decoded.country ?? '';
  const accounts = decoded.merchant_accounts.map((account) => `${account.tag}=${account.value}`).join('|');
  const source = DeterministicSource.of(seed, 'qr-merchant', country, name, decoded.merchant?.city ?? '', accounts);
  const additional = decoded.additional_data;
  return {
    name,
    identification_number: additional.merchant_tax_id ?? companyTaxId(country, source),
    branch_office: additional.store_label ?? additional.terminal_label ?? '',
  };
}
