import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import type { AuthenticatedRequest } from '../auth/auth.decorators';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { countAdmissionRefusal, countQuotaRefusal } from '../observability/metrics';
import { admissionRefusal, type AdmissionSettings } from './admission';
import { BacklogMonitor } from './backlog-monitor';
import { type QuotaClass, windowMsOf } from '../config/quota-policy';
import { type QuotaOutcome, Quotas } from './quotas';
import { rateLimitHeaders, retryAfterSeconds } from './rate-limit-headers';

/** Where @Quota keeps the classes a route counts against. */
export const QUOTA_CLASSES_OF = 'capacity:quotaClasses';

/**
 * Runs after the bearer guard on every route marked @Quota: counts the request against the
 * client's budget of each class the route names, and answers every such request with the IETF
 * RateLimit headers; past a budget, 429 RATE_LIMITED. A new preview is then admitted only while
 * the workers keep up (admission.ts); otherwise 503 OVERLOADED.
 */
@Injectable()
export class QuotaGuard implements CanActivate {
  private readonly admission: AdmissionSettings;

  constructor(
    private readonly reflector: Reflector,
    private readonly quotas: Quotas,
    private readonly backlog: BacklogMonitor,
    @Inject(ENV) env: Env,
  ) {
    this.admission = { maxBacklogAgeMs: env.ADMISSION_MAX_BACKLOG_AGE, fairSharePerSecond: env.ADMISSION_FAIR_SHARE };
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const classes = this.reflector.get<readonly QuotaClass[] | undefined>(QUOTA_CLASSES_OF, context.getHandler()) ?? [];
    const http = context.switchToHttp();
    const { principal } = http.getRequest<Request & AuthenticatedRequest>();
    const outcomes = await this.quotas.count(principal.clientId, classes);
    const headers = rateLimitHeaders(outcomes);
    const response = http.getResponse<Response>();
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    const refused = outcomes.find((outcome) => !outcome.admitted);
    if (refused) {
      countQuotaRefusal(refused.quotaClass);
      throw new ApiError(
        429,
        `Too many ${refused.quotaClass} requests: at most ${refused.policy.burst} in ${windowMsOf(refused.policy) / 1000} s; retry after Retry-After seconds`,
        'RATE_LIMITED',
        {
          ...headers,
          'Retry-After': String(retryAfterSeconds(refused.resetMs)),
        },
      );
    }
    if (classes.includes('previews')) this.admit(outcomes.find((outcome) => outcome.quotaClass === 'previews') ?? null);
    return true;
  }

  private admit(previews: QuotaOutcome | null): void {
    const refusal = admissionRefusal(
      this.backlog.current(),
      previews && { counted: previews.counted, windowMs: windowMsOf(previews.policy) },
      this.admission,
    );
    if (!refusal) return;
    countAdmissionRefusal(refusal.reason);
    throw new ApiError(
      503,
      'The service is behind on the previews it has taken; retry after Retry-After seconds',
      'OVERLOADED',
      { 'Retry-After': String(refusal.retryAfterSeconds) },
    );
  }
}
