/** Tag 62 sub-tags defined by EMVCo MPM (01-09, and 10-11 since version 1.1), by their API name. */
const NAMES_BY_ID = {
  '01': 'bill_number',
  '02': 'mobile_number',
  '03': 'store_label',
  '04': 'loyalty_number',
  '05': 'reference_label',
  '06': 'customer_label',
  '07': 'terminal_label',
  '08': 'purpose_of_transaction',
  '09': 'additional_consumer_data_request',
  '10': 'merchant_tax_id',
  '11': 'merchant_channel',
} as const satisfies Record<string, string>;

export type AdditionalDataName = (typeof NAMES_BY_ID)[keyof typeof NAMES_BY_ID];

/**
 * Additional data keyed by name for the known sub-tags and by their two-digit id otherwise
 * (RFU and payment-system-specific sub-tags), so nothing read is dropped.
 */
export type AdditionalData = Partial<Record<AdditionalDataName, string>> & Record<string, string>;

const IDS_BY_NAME = new Map<string, string>(Object.entries(NAMES_BY_ID).map(([id, name]) => [name, id]));

export function nameAdditionalData(byId: Record<string, string>): AdditionalData {
  const named: AdditionalData = {};
  for (const [id, value] of Object.entries(byId)) named[NAMES_BY_ID[id as keyof typeof NAMES_BY_ID] ?? id] = value;
  return named;
}

/** The inverse of nameAdditionalData: a key that is neither a known name nor an id stays as is and fails in buildTlv. */
export function additionalDataIds(named: AdditionalData): [string, string][] {
  return Object.entries(named).map(([key, value]) => [IDS_BY_NAME.get(key) ?? key, value]);
}
