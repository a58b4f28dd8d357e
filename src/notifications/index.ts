// The signature functions the service applies, from the client package that integrators use.
export {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  signPayload,
  verifySignature,
} from '../../clients/typescript/src/webhook-signature';
export type { VerifyOptions } from '../../clients/typescript/src/webhook-signature';
