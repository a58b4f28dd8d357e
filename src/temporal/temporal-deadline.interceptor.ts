import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Client } from '@temporalio/client';
import { Observable, Subscription } from 'rxjs';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';

/**
 * Every Temporal call a request makes ends by API_TEMPORAL_TIMEOUT after its handler starts:
 * a workflow start, an update and the polls for its answer, the retries of each. A silent
 * path to Temporal, or a workflow that cannot take an update (no worker, a worker cut off from
 * PostgreSQL), would otherwise hold the request: an update's answer is polled for without end,
 * and a dead connection is noticed only by gRPC keepalive (30 s + 15 s). Past the deadline the
 * call fails DEADLINE_EXCEEDED and the request answers 503 SERVICE_UNAVAILABLE; the same
 * request resent with its idempotency-key takes up where it stood. The deadline reaches the
 * calls through the connection's call context (AsyncLocalStorage), which the handler's whole
 * async chain inherits.
 */
@Injectable()
export class TemporalDeadlineInterceptor implements NestInterceptor {
  constructor(
    private readonly temporal: Client,
    @Inject(ENV) private readonly env: Env,
  ) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const deadline = Date.now() + this.env.API_TEMPORAL_TIMEOUT;
    return new Observable((subscriber) => {
      let subscription: Subscription | undefined;
      void this.temporal.connection.withDeadline(deadline, async () => {
        subscription = next.handle().subscribe(subscriber);
      });
      return () => subscription?.unsubscribe();
    });
  }
}
