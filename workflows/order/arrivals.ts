import { ActivityFailure, ApplicationFailure, condition, patched } from '@temporalio/workflow';
import type { OrderAction, OrderRejection } from '../../src/orders/lifecycle';
import type { RefusedSignal } from '../../src/orders/order-messages';
import type { OrderRun } from './order-run';
import { PREPARATION_PATCH, TESTER_SIGNALS_PATCH } from './patches';

/**
 * How actions arrive at the order: the updates' validators, the wait for a preparation in
 * progress, and the testers' signals, which take their update's path and are kept when refused.
 */

/**
 * How long an action waits for a preparation: less than the API's bound on a request's Temporal
 * calls (API_TEMPORAL_TIMEOUT, 10 s by default), so that its request is answered the outcome.
 */
const PREPARATION_WAIT = '8 seconds';

/** Refuses an action the lifecycle refuses, with the message the API answers it with; else nothing. */
export function refuse(run: OrderRun, rejection: OrderRejection | null): void {
  if (rejection) throw ApplicationFailure.nonRetryable(run.state.refusalMessage(rejection, new Date()), rejection);
}

/** An update's validator: an action that is to wait for the preparation is judged once it has. */
export function validate(run: OrderRun, action: OrderAction): void {
  if (!run.state.awaitsPreparation(action)) refuse(run, run.state.refusal(action));
}

/** Whether `action` reached a preparation in progress, to wait for it (replaying a history recorded before: never). */
const waiting = (run: OrderRun, action: OrderAction) =>
  run.state.awaitsPreparation(action) && patched(PREPARATION_PATCH);

/** Whether the preparation ended within the wait. */
const preparationOver = (run: OrderRun) => condition(() => run.state.phase !== 'PREPARING', PREPARATION_WAIT);

/**
 * An update's action, taken at once (in the same step, as before issue 28), or, when it reached
 * the preparation, once that is over and the action judged as its validator would have.
 */
export function afterPreparation<T>(run: OrderRun, action: OrderAction, take: () => Promise<T>): Promise<T> {
  if (!waiting(run, action)) return take();
  return preparationOver(run).then((over) => {
    if (!over) {
      const message = `Order ${run.orderId} is still being prepared; retry after a few seconds`;
      throw ApplicationFailure.nonRetryable(message, 'STILL_PREPARING');
    }
    refuse(run, run.state.refusal(action));
    return take();
  });
}

/**
 * Whether testers' signals may act on this order: where the deployment allowed them when the
 * order started (sandbox, or TESTER_SIGNALS). Asked only once a signal has come, so orders
 * nobody signals record nothing; a history recorded before took every signal.
 */
const testersAllowed = (run: OrderRun) => run.input.testerSignals === true || !patched(TESTER_SIGNALS_PATCH);

/**
 * A tester's signal: refused (kept with its reason) where testers may not act; otherwise, like
 * an update's action, taken at once or once the preparation it reached is over, and kept as
 * refused when that outlasts the wait.
 */
export function fromTester(
  run: OrderRun,
  signal: RefusedSignal['signal'],
  action: OrderAction,
  take: () => Promise<void>,
): Promise<void> {
  const { state, orderId } = run;
  if (!testersAllowed(run)) {
    const message = `Order ${orderId} takes no tester's signals: the deployment did not allow them when it started`;
    state.refuseSignal(signal, 'SIGNALS_NOT_ALLOWED', message, new Date());
    return Promise.resolve();
  }
  if (!waiting(run, action)) return take();
  return preparationOver(run).then((over) =>
    over
      ? take()
      : state.refuseSignal(signal, 'STILL_PREPARING', `Order ${orderId} was still being prepared`, new Date()),
  );
}

/**
 * A signal the lifecycle refuses, or one that is malformed, is kept with its reason and changes
 * nothing; else its input, parsed.
 */
export function takenSignal<T>(
  { state }: OrderRun,
  signal: RefusedSignal['signal'],
  action: OrderAction,
  parsed: { success: true; data: T } | { success: false; error: Error },
): T | null {
  if (!parsed.success) {
    state.refuseSignal(signal, 'INVALID_SIGNAL', parsed.error.message, new Date());
    return null;
  }
  const rejection = state.refusal(action);
  if (!rejection) return parsed.data;
  state.refuseSignal(signal, rejection, state.refusalMessage(rejection, new Date()), new Date());
  return null;
}

/**
 * A step that refused what a signal brought (an amount or a wallet the API would have refused,
 * a quote it cannot lock) is kept like a refusal: nobody waits for a signal's answer, and a
 * failure thrown from its handler would fail the whole order.
 */
export const keepRefusal =
  ({ state }: OrderRun, signal: RefusedSignal['signal']) =>
  (error: unknown): void => {
    if (!(error instanceof ActivityFailure || error instanceof ApplicationFailure)) throw error;
    const failure = error instanceof ActivityFailure && error.cause instanceof ApplicationFailure ? error.cause : error;
    const reason = (failure instanceof ApplicationFailure && failure.type) || 'STEP_FAILED';
    state.refuseSignal(signal, reason, failure.message, new Date());
  };
