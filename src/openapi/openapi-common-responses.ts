import type { HeadersObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { JSON_BODY_LIMIT } from '../http/body-read-errors';
import { errorBodyRef, errorResponse, RETRY_AFTER_HEADER } from '../http/openapi-errors';
import { isOperationMethod, type RouteFacts } from './openapi-routes';

export const BEARER_SCHEME = 'bearer';

/** The answers a route gets from the pipeline it runs through rather than from its own code. */
const COMMON = {
  400: 'The request is malformed: `message` lists every problem, one line per field (`body: malformed JSON` for a body that is no JSON)',
  401: 'No bearer token, or one that is malformed, expired or revoked (`message: "Unauthorized"`)',
  413: `The body is larger than ${JSON_BODY_LIMIT}`,
  415: 'A Content-Encoding other than identity, gzip, deflate or br, or a charset other than utf-8',
  503: 'SERVICE_UNAVAILABLE: PostgreSQL or Temporal cannot be reached; retry after Retry-After seconds',
};

/** What a route counted against the client's quota answers (src/capacity). */
const QUOTA = {
  429: 'RATE_LIMITED: the client spent its quota of this class of route; retry after Retry-After seconds (the RateLimit headers say the quota and what is left)',
  503: "OVERLOADED: the workers are behind on the previews already taken (admission on the backlog), or an action outwaited its order's preparation; retry after Retry-After seconds",
};

/** The IETF RateLimit header fields every answer of a route with a quota carries (draft-ietf-httpapi-ratelimit-headers). */
const RATE_LIMIT_HEADERS: HeadersObject = {
  'RateLimit-Policy': {
    description:
      'Each quota the route counts against: `"<class>";q=<requests>;w=<window seconds>`, e.g. `"previews";q=40;w=2`',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'What is left of each: `"<class>";r=<requests left>;t=<seconds until the window starts again>`',
    schema: { type: 'string' },
  },
};

const IDEMPOTENCY = {
  400: 'idempotency-key: not 1 to 255 printable ASCII characters, or only spaces',
  409: 'REQUEST_IN_PROGRESS: a request with this idempotency-key is still running; retry after Retry-After seconds',
  422: 'IDEMPOTENCY_KEY_REUSED: this idempotency-key was used with another request',
};

type Responses = Record<string, ResponseObject>;

/** Several causes of one status read as a Markdown list. */
const asListItem = (cause: string) => (cause.startsWith('- ') ? cause : `- ${cause}`);

/**
 * Adds one cause to a status. A status the route already declares with the shared error body
 * gets the cause added to its description; one declared with another body or none (the spec's
 * exceptions, the probes) is the route's whole answer and is left alone.
 */
function declare(responses: Responses, status: number, description: string): void {
  const existing = responses[status];
  if (!existing) {
    responses[status] = errorResponse(status, description);
    return;
  }
  const schema = existing.content?.['application/json']?.schema as { $ref?: string } | undefined;
  if (schema?.$ref !== errorBodyRef(status)) return;
  existing.description = [existing.description, description].map(asListItem).join('\n');
}

function completeOperation(operation: OperationObject, route: RouteFacts): void {
  const responses = operation.responses as Responses;
  operation.security = route.isPublic ? [] : [{ [BEARER_SCHEME]: [] }];
  if (route.validatesInput) declare(responses, 400, COMMON[400]);
  if (route.idempotent) {
    declare(responses, 400, IDEMPOTENCY[400]);
    declare(responses, 409, IDEMPOTENCY[409]);
    declare(responses, 422, IDEMPOTENCY[422]);
    // Only one of the 409's causes sends it, so it is documented but not required.
    responses[409]!.headers = { 'Retry-After': { ...RETRY_AFTER_HEADER['Retry-After']!, required: false } };
  }
  if (!route.isPublic) declare(responses, 401, COMMON[401]);
  if (route.quotaClasses.length > 0) {
    declare(responses, 429, QUOTA[429]);
    responses[429]!.headers = { ...RETRY_AFTER_HEADER, ...RATE_LIMIT_HEADERS };
    // A route that takes previews is shed while the workers are behind; a route acting on an order may outwait its preparation.
    if (route.quotaClasses.includes('previews') || route.quotaClasses.includes('payments'))
      declare(responses, 503, QUOTA[503]);
    for (const [status, response] of Object.entries(responses))
      if (status.startsWith('2')) response.headers = { ...response.headers, ...RATE_LIMIT_HEADERS };
  }
  if (route.takesBody) {
    declare(responses, 413, COMMON[413]);
    declare(responses, 415, COMMON[415]);
  }
  // Every route but the probes reads PostgreSQL (the bearer guard does, if nothing else) or Temporal.
  if (!route.isProbe) declare(responses, 503, COMMON[503]);
  operation.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * The document with every operation's security and the statuses its route's pipeline can
 * answer (guard, pipes, body parser, idempotency, unreachable dependencies), each with the
 * shared error body. Operations without a route (none today) are left as they are.
 */
export function withCommonResponses(document: OpenAPIObject, routes: readonly RouteFacts[]): OpenAPIObject {
  const byOperationId = new Map(routes.map((route) => [route.operationId, route]));
  for (const pathItem of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(pathItem) as Array<[string, OperationObject]>) {
      if (!isOperationMethod(method)) continue;
      const route = operation.operationId ? byOperationId.get(operation.operationId) : undefined;
      if (route) completeOperation(operation, route);
    }
  }
  return document;
}
