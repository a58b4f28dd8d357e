import { CallHandler, ExecutionContext, Injectable, NestInterceptor, RawBodyRequest } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { defer, lastValueFrom, map, Observable } from 'rxjs';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { toErrorResponse } from '../http/http-exception.filter';
import { assignRequestId } from '../http/logging';
import { HandlerResponse, IdempotencyService, IdempotentResponse } from './idempotency.service';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_REPLAY_HEADER = 'idempotency-replay';
export const IDEMPOTENT_OPERATION = 'idempotency:operation';

/**
 * Runs an `@Idempotent` route through IdempotencyService when the request carries an
 * `idempotency-key`. It answers the response itself, from the one serialisation that is
 * stored, so a replay is byte-identical to the first answer.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly idempotency: IdempotencyService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<RawBodyRequest<Request> & Partial<AuthenticatedRequest>>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.get(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) return next.handle();

    const operation = this.reflector.get<string | undefined>(IDEMPOTENT_OPERATION, context.getHandler());
    const clientId = request.principal?.clientId;
    if (!operation || !clientId) throw new Error('@Idempotent needs an operation name and an authenticated route');

    // The request as the client sent it (the raw bytes kept by the body parser): pipes
    // validate inside the handler, so that a rejected request is stored and replayed like any other answer.
    const fingerprint = { params: request.params as Record<string, string>, body: request.rawBody };
    return defer(() =>
      this.idempotency.run({ clientId, operation, key }, fingerprint, () =>
        this.capture(next, response, assignRequestId(request, response)),
      ),
    ).pipe(map((answer) => this.send(answer, response)));
  }

  /** The handler's answer, to store and send: an error's body carries this first request's id, also when replayed. */
  private async capture(next: CallHandler, response: Response, requestId: string): Promise<HandlerResponse> {
    try {
      const body: unknown = await lastValueFrom(next.handle(), { defaultValue: undefined });
      return { status: response.statusCode, body };
    } catch (error) {
      const answer = toErrorResponse(error, requestId);
      // Unexpected errors go on to the global filter, which logs them; the key is released.
      if (answer.status >= 500) throw error;
      return answer;
    }
  }

  /** Nest sends a returned string as it is, with the status and headers set here. */
  private send(answer: IdempotentResponse, response: Response): string {
    response.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    response.setHeader('content-type', 'application/json');
    if (answer.replayed) response.setHeader(IDEMPOTENCY_REPLAY_HEADER, 'true');
    return answer.bodyText;
  }
}
