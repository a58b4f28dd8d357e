import type { QrMerchant } from '../rails.port';
import { DeterministicSource } from './deterministic-source';
import { parseTlv } from './emv-tlv.parser';
import { UNKNOWN_QR_MERCHANT } from './magic-values';
import { SimulatorHttpError } from './simulator-http.error';
import { companyTaxId } from './tax-id.generator';

/** EMV merchant account information templates occupy ids 26 to 51. */
function merchantAccounts(fields: Map<string, string>): string {
  return [...fields]
    .filter(([id]) => Number(id) >= 26 && Number(id) <= 51)
    .map(([id, value]) => `${id}=${value}`)
    .join('|');
}

/** Store label (62.03), else terminal label (62.07), else empty, as the spec allows. */
function branchOffice(fields: Map<string, string>): string {
  const additional = parseTlv(fields.get('62') ?? '');
  return additional?.get('03') ?? additional?.get('07') ?? '';
}

/** The acquirer's view of a QR's merchant, derived from what the QR itself says. */
export function resolveQrMerchant(qr: string, seed: string): QrMerchant {
  const fields = parseTlv(qr);
  const name = fields?.get('59');
  if (fields === null || name === undefined || name.trim() === '') {
    throw new SimulatorHttpError(400, 'INVALID_REQUEST', 'not an EMV QR with a merchant name (tag 59)');
  }
  if (name.trim().toUpperCase() === UNKNOWN_QR_MERCHANT) {
    throw new SimulatorHttpError(404, 'KEY_NOT_FOUND', `no merchant registered as ${name}`);
  }
  const country = fields.get('58') ?? '';
  const source = DeterministicSource.of(seed, 'qr-merchant', country, name, fields.get('60') ?? '', merchantAccounts(fields));
  return {
    name,
    identification_number: companyTaxId(country, source),
    branch_office: branchOffice(fields),
  };
}
