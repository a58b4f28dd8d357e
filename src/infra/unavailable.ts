import { isGrpcServiceError, ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { QueryFailedError } from 'typeorm';

/** What the API says while a part it depends on cannot be reached: try again shortly. */
export type Unavailable = 'SERVICE_UNAVAILABLE' | 'UPSTREAM_ERROR';

/**
 * An error that says itself which unavailability it means (a rail's, RailsUnavailableError), so
 * that this ground-floor judge knows it without importing the modules above that throw it.
 */
export interface DeclaresUnavailability {
  readonly unavailability: Unavailable;
}

const declared = (error: unknown): Unavailable | undefined =>
  error instanceof Error && 'unavailability' in error
    ? (error as Error & DeclaresUnavailability).unavailability
    : undefined;

// gRPC UNAVAILABLE and DEADLINE_EXCEEDED: Temporal could not be reached, or not in time.
const TEMPORAL_UNREACHABLE = new Set([14, 4]);
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
// Temporal refuses a workflow that sets our search attributes on a namespace where no worker
// has registered them yet (a fresh one): the service is not ready, the request is fine.
const INVALID_ARGUMENT = 3;
const UNREGISTERED_SEARCH_ATTRIBUTE = /no mapping defined for search attribute/i;
// PostgreSQL's connection-exception class (08), a statement it ended at statement_timeout or on
// a cancel (57014), and an administrator or crash shutdown (57P01-03).
const POSTGRES_UNREACHABLE = /^(08...|57014|57P0[123])$/;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

function codeOf(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * Whether `error` means a dependency is out of reach rather than the request being wrong or
 * the service broken: Temporal or PostgreSQL unreachable or not answering within its bound
 * (SERVICE_UNAVAILABLE), or a rail the request needed (UPSTREAM_ERROR). Null for anything else.
 */
export function unavailability(error: unknown): Unavailable | null {
  const said = declared(error);
  if (said !== undefined) return said;
  // An update whose answer did not come within the request's deadline (API_TEMPORAL_TIMEOUT).
  if (error instanceof WorkflowUpdateRPCTimeoutOrCancelledError) return 'SERVICE_UNAVAILABLE';
  // The client's calls wrap the gRPC error in a ServiceError; the operator service's answer it bare.
  const grpcError: unknown =
    error instanceof ServiceError ? error.cause : isGrpcServiceError(error) ? error : undefined;
  const grpcCode = codeOf(grpcError);
  if (TEMPORAL_UNREACHABLE.has(grpcCode as number)) return 'SERVICE_UNAVAILABLE';
  if (grpcCode === INVALID_ARGUMENT && UNREGISTERED_SEARCH_ATTRIBUTE.test(messageOf(grpcError)))
    return 'SERVICE_UNAVAILABLE';
  const driverError: unknown = error instanceof QueryFailedError ? error.driverError : error;
  const code = codeOf(driverError);
  if (typeof code === 'string' && (SOCKET_FAILURES.has(code) || POSTGRES_UNREACHABLE.test(code)))
    return 'SERVICE_UNAVAILABLE';
  // node-postgres reports a connection lost mid-query, or a pool that could not connect in time,
  // and Temporal's client a server it could not connect to, only in words.
  const message = messageOf(error);
  return /Connection terminated|timeout exceeded when trying to connect|Failed to connect before the deadline/i.test(
    message,
  )
    ? 'SERVICE_UNAVAILABLE'
    : null;
}
