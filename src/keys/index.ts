export { CNPJ_FORM, isValidCci20, isValidCnpj, isValidCpf } from './check-digits';
export { describeKeyRules } from './describe-key-rules';
export { diagnoseEmail, EMAIL_KEY_RULE } from './email';
export {
  describeHolderMasking,
  HIDDEN,
  maskAccountNumber,
  maskName,
  visibleTail,
  type DocumentMasking,
} from './holder-masking';
export { checkDigitsReason, digitsBehindSeparators, exactMatch, type KeyRule, type KeyScheme } from './key-rule';
export { diagnosePhoneKey, phoneKeyNormalizer, type PhoneKeyPlan } from './phone';
export { isUuid, isUuidV4 } from './uuid';
export { keyTypesMessage, validateKey, type KeyTypeOf, type PaymentKeyValidation } from './validate-payment-key';
