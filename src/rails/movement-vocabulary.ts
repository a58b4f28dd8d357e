import type { MovementOutcome, MovementStatus } from './rail-terms';

/** How one rail names the four states of a payout or refund. */
export interface MovementVocabulary<S extends string> {
  completed: S;
  rejected: S;
  pending: S;
  notFound: S;
}

/** A rail's answer, once its own field names are read: its status word, reference and reason. */
export interface RailAnswer<S extends string> {
  status: S;
  reference?: string;
  reason?: string;
}

/** The answer to a payout or refund request: only "completed" and "rejected" are answers to it. */
export function outcomeFrom<S extends string>(
  vocabulary: MovementVocabulary<S>,
  answer: RailAnswer<S>,
  fallbackReference: string,
): MovementOutcome {
  const railReference = answer.reference ?? fallbackReference;
  if (answer.status === vocabulary.completed) return { kind: 'COMPLETED', railReference };
  if (answer.status === vocabulary.rejected)
    return { kind: 'REJECTED', railReference, reason: answer.reason ?? 'DESTINATION_REFUSED' };
  // A request answered "in progress" or "unknown id" has not settled: ask again later.
  return { kind: 'UNKNOWN', reason: `the rail answered ${answer.status}` };
}

/** The answer to a status inquiry. */
export function statusFrom<S extends string>(vocabulary: MovementVocabulary<S>, answer: RailAnswer<S>): MovementStatus {
  const { reference: railReference, reason } = answer;
  switch (answer.status) {
    case vocabulary.completed:
      return { status: 'COMPLETED', ...(railReference ? { railReference } : {}) };
    case vocabulary.rejected:
      return {
        status: 'REJECTED',
        ...(railReference ? { railReference } : {}),
        reason: reason ?? 'DESTINATION_REFUSED',
      };
    case vocabulary.pending:
      return { status: 'PENDING' };
    default:
      return { status: 'NOT_FOUND' };
  }
}

/** The inverse, for the simulator: the rail's word for one of the engine's states. */
export function wordFor<S extends string>(vocabulary: MovementVocabulary<S>, status: MovementStatus['status']): S {
  switch (status) {
    case 'COMPLETED':
      return vocabulary.completed;
    case 'REJECTED':
      return vocabulary.rejected;
    case 'PENDING':
      return vocabulary.pending;
    case 'NOT_FOUND':
      return vocabulary.notFound;
  }
}
