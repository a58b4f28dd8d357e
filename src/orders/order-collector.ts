import { maskName } from '../keys';
import { isMaskedHolderCountry, maskDocument } from '../rails/countries';
import type { OrderEntity } from './order.entity';

/** Who an order pays, as a body sent to a client names it (the spec's `collector`, `merchant_*`). */
export interface ShownCollector {
  name: string | null;
  identificationNumber: string | null;
  branchOffice: string | null;
}

/**
 * The payee as every answer and callback shows it. A key payment in Brazil or Colombia pays the
 * key's holder, often a person: its name and document are shown masked, exactly as the key's
 * validation shows them (src/keys/holder-masking.ts, and the country's document masking), so
 * that no body about the order gives more than the look-up did. The branch is a bank's agency,
 * nobody's identity. A QR's merchant (named by the QR itself and its acquirer), a collector of
 * this service and a Peruvian account holder (the spec's own fields) are shown as they are. The
 * order row keeps the holder in full: it is the payout's beneficiary, for operators and disputes.
 */
export function collectorShown(
  order: Pick<
    OrderEntity,
    'flow' | 'localCountry' | 'merchantName' | 'merchantIdentificationNumber' | 'merchantBranchOffice'
  >,
): ShownCollector {
  const {
    merchantName: name,
    merchantIdentificationNumber: identificationNumber,
    merchantBranchOffice: branchOffice,
    localCountry: country,
  } = order;
  if (order.flow !== 'KEY' || !isMaskedHolderCountry(country)) return { name, identificationNumber, branchOffice };
  return {
    name: name === null ? null : maskName(name),
    identificationNumber: identificationNumber === null ? null : maskDocument(country, identificationNumber),
    branchOffice,
  };
}
