// The signature functions the service applies, from the client package that integrators use.
export {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  signCallback,
  signPayload,
  standardWebhooksSecret,
  verifyCallback,
  verifySignature,
} from '../../clients/typescript/src/webhook-signature';
export type {
  CallbackToSign,
  ReceivedCallback,
  SignCallbackOptions,
  VerifyOptions,
} from '../../clients/typescript/src/webhook-signature';
