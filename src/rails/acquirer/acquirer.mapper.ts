import type { QrMerchant } from '../rails.port';
import type { AcquirerMerchant } from './acquirer.wire';

export function toQrMerchant(merchant: AcquirerMerchant): QrMerchant {
  return {
    name: merchant.merchantName,
    identification_number: merchant.merchantTaxId,
    branch_office: merchant.storeLabel,
  };
}

export function fromQrMerchant(merchant: QrMerchant): AcquirerMerchant {
  return {
    merchantName: merchant.name,
    merchantTaxId: merchant.identification_number,
    storeLabel: merchant.branch_office,
  };
}
