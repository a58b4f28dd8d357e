import { trace } from '@opentelemetry/api';

/** The span attribute that carries the API's request id (the `x-request-id` answered). */
export const REQUEST_ID_ATTRIBUTE = 'cbp.request_id';

/**
 * Puts the request id on the span of the request being served, so a trace is found from a
 * log line or an integrator's `x-request-id`. Without tracing there is no active span and
 * this does nothing.
 */
export function tagRequestSpan(requestId: string): void {
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
}
