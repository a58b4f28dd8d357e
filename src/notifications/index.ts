// The integrator-facing entry: the same signature check the service applies, as plain functions.
export { DEFAULT_SIGNATURE_TOLERANCE_SECONDS, signPayload, verifySignature } from './signature';
export type { VerifyOptions } from './signature';
