export type { KeyCountry } from './key-rule';
export { isUuid } from './uuid';
export {
  allowedKeyTypesMessage,
  validatePaymentKey,
  type PaymentKeyType,
  type PaymentKeyValidation,
} from './validate-payment-key';
