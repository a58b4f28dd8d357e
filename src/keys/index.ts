export { PAYMENT_KEY_RULES_DESCRIPTION } from './describe-key-rules';
export type { KeyCountry } from './key-rule';
export { isUuid } from './uuid';
export { allowedKeyTypesMessage, PAYMENT_KEY_TYPES, validatePaymentKey, type PaymentKeyType, type PaymentKeyValidation } from './validate-payment-key';
export { HOLDER_MASKING_DESCRIPTION, isMaskedHolderCountry, maskAccountNumber, maskDocument, maskName, MASKED_HOLDER_COUNTRIES, type MaskedHolderCountry } from './holder-masking';
