import type { NextFunction, Request, Response } from 'express';
import { observeHttpRequest } from './metrics';

/** The route label of a request no route answered (404s, bodies refused before routing). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * The route template Express matched (`/v2/payments/:id/status`), never the path itself:
 * ids in label values would make a new series per order.
 */
export function routeLabel(request: Pick<Request, 'route' | 'baseUrl'>): string {
  // Express types the matched route `any`.
  const route: unknown = request.route;
  const path = typeof route === 'object' && route !== null && 'path' in route ? route.path : undefined;
  return typeof path === 'string' ? `${request.baseUrl ?? ''}${path}` : UNMATCHED_ROUTE;
}

/** Times every answered request into cbp_http_request_duration_seconds. */
export function recordRequestMetrics(request: Request, response: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  response.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    observeHttpRequest({ route: routeLabel(request), method: request.method, status: response.statusCode }, seconds);
  });
  next();
}
