import { createParamDecorator, ExecutionContext, RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { createHash } from 'node:crypto';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_OPERATION } from './idempotency.interceptor';
import { RequestFingerprint, requestHash } from './request-hash';

/** A request sent under an `idempotency-key`, named alike by every resend of it. */
export interface KeyedRequest {
  /** The key as the client sent it. */
  key: string;
  /**
   * `<operation>:<SHA-256 of the client id, the key and the request's bytes>`: the id of the
   * Temporal update the request sends, so that a resend attaches to the first attempt's update,
   * and what the step that applies it records, so that a resend is known once the workflow has
   * ended. The same key with other bytes is another request (the idempotency store refuses it
   * while it keeps the key; after that, it must not pass for the first). The key itself is kept
   * out of both.
   */
  id: string;
}

export function keyedRequest(
  operation: string,
  clientId: string,
  key: string | undefined,
  request: RequestFingerprint,
): KeyedRequest | undefined {
  if (key === undefined) return undefined;
  return {
    key,
    id: `${operation}:${createHash('sha256')
      .update(`${clientId}\n${key}\n${requestHash(request)}`)
      .digest('hex')}`,
  };
}

/**
 * The handler's request as a KeyedRequest, under the operation its `@Idempotent` names; undefined
 * without a key. The idempotency interceptor has checked the key before the handler runs.
 */
export const Keyed = createParamDecorator((_: unknown, context: ExecutionContext): KeyedRequest | undefined => {
  const request = context.switchToHttp().getRequest<RawBodyRequest<Request> & AuthenticatedRequest>();
  const operation = Reflect.getMetadata(IDEMPOTENT_OPERATION, context.getHandler()) as string | undefined;
  if (!operation) throw new Error('@Keyed() needs an @Idempotent route');
  const fingerprint = { params: request.params as Record<string, string>, body: request.rawBody };
  return keyedRequest(operation, request.principal.clientId, request.get(IDEMPOTENCY_KEY_HEADER), fingerprint);
});
