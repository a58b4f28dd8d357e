import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths, webhooks } from './schema';
import { verifyCallback, type ReceivedCallback, type VerifyOptions } from './webhook-signature';

export type { components, operations, paths, webhooks } from './schema';
export {
  DEFAULT_SIGNATURE_TOLERANCE_SECONDS,
  signCallback,
  signPayload,
  standardWebhooksSecret,
  verifyCallback,
  verifySignature,
  type CallbackToSign,
  type ReceivedCallback,
  type SignCallbackOptions,
  type VerifyOptions,
} from './webhook-signature';

/** Every request and response body the API documents, by its component name. */
export type Schemas = components['schemas'];

export type PaymentsClient = Client<paths>;

/** Every callback's body by the kind its `webhook.type` names: the API's OpenAPI `webhooks`. */
export type CallbackBodies = {
  [Kind in keyof webhooks]: webhooks[Kind]['post']['requestBody']['content']['application/json'];
};
/** Any callback's body; narrow it on `webhook.type`. */
export type CallbackBody = CallbackBodies[keyof CallbackBodies];

export class CallbackVerificationError extends Error {
  override name = 'CallbackVerificationError';
}

/**
 * A received callback, checked then parsed: its `signature` must hold a `v2` for this event id
 * and these exact bytes (verifyCallback), and the body's `webhook.id` must be that event id.
 * Throws CallbackVerificationError otherwise; answer such a request 4xx and ignore it.
 */
export function parseCallback(secret: string, callback: ReceivedCallback, options?: VerifyOptions): CallbackBody {
  if (!verifyCallback(secret, callback, options)) {
    throw new CallbackVerificationError('the signature does not verify for this event id and body');
  }
  const body = JSON.parse(callback.rawBody) as CallbackBody;
  if (body.webhook.id !== callback.eventId) {
    throw new CallbackVerificationError("the body's webhook.id is not the event id it was sent with");
  }
  return body;
}

export interface PaymentsClientOptions {
  /** Where the API is, e.g. https://api.example.com (no trailing path). */
  baseUrl: string;
  /**
   * The bearer token every request but the token endpoints carries: the accessToken of
   * GET /auth/token, or a function giving the current one (called before each request, so it
   * can refresh a token about to expire).
   */
  accessToken?: string | (() => string | Promise<string>);
  /** A fetch of your own (a proxy agent, retries, tests); the global fetch otherwise. */
  fetch?: typeof globalThis.fetch;
}

function bearer(token: NonNullable<PaymentsClientOptions['accessToken']>): Middleware {
  return {
    async onRequest({ request }) {
      if (!request.headers.has('authorization'))
        request.headers.set('authorization', `Bearer ${typeof token === 'function' ? await token() : token}`);
      return request;
    },
  };
}

/**
 * A client whose paths, parameters, bodies and answers are typed from the API's OpenAPI
 * document (openapi-fetch): `client.POST('/v2/payments', { body })` answers `{ data }` for
 * the documented success and `{ error }`, typed for each documented status, otherwise.
 */
export function createPaymentsClient(options: PaymentsClientOptions): PaymentsClient {
  const client = createClient<paths>({ baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  if (options.accessToken) client.use(bearer(options.accessToken));
  return client;
}
