import { verdictOf } from '../../../scripts/shared/integrator-post';

describe('how an integrator judges an attempt', () => {
  it('takes 2xx and 4xx for answers', () => {
    expect(verdictOf({ status: 200, body: {} })).toEqual({ verdict: 'answered', outcome: '200' });
    expect(verdictOf({ status: 409, body: { error_code: 'ALREADY_PROCESSED' } })).toEqual({
      verdict: 'answered',
      outcome: '409 ALREADY_PROCESSED',
    });
  });

  it('resends, as told, a 503 or 429 with Retry-After and a key still in progress', () => {
    expect(verdictOf({ status: 503, body: { error_code: 'SERVICE_UNAVAILABLE' }, retryAfter: 5 })).toEqual({
      verdict: 'retried',
      outcome: '503 SERVICE_UNAVAILABLE',
    });
    expect(verdictOf({ status: 429, body: { error_code: 'RATE_LIMITED' }, retryAfter: 1 }).verdict).toBe('retried');
    expect(verdictOf({ status: 409, body: { error_code: 'REQUEST_IN_PROGRESS' }, retryAfter: 1 }).verdict).toBe(
      'retried',
    );
  });

  it('counts a 5xx without Retry-After and a network error as failures', () => {
    expect(verdictOf({ status: 500, body: { error_code: 'INTERNAL_ERROR' } })).toEqual({
      verdict: 'failed',
      outcome: '500 INTERNAL_ERROR',
    });
    expect(verdictOf({ status: 502, body: { message: 'balancer: no replica answered' } })).toEqual({
      verdict: 'failed',
      outcome: '502',
    });
    expect(verdictOf(new TypeError('fetch failed', { cause: new Error('other side closed') }))).toEqual({
      verdict: 'failed',
      outcome: 'network error (other side closed)',
    });
  });
});
