/**
 * The patches the order workflow takes: each marks where its commands changed, so that the
 * histories recorded before replay the old path (docs/workflow-versioning.md tells each one's
 * story, and when it may become a deprecatePatch). Each is asked where its change is.
 */

/** Histories recorded before StatusSince and PayerCurrency existed replay without these upserts. */
export const SEARCH_ATTRIBUTES_PATCH = 'stuck-orders-search-attributes';

/** Issue 12: the closing callbacks as local activities. Histories recorded before it replay them as activities. */
export const LOCAL_CALLBACKS_PATCH = '12-local-callbacks';

/**
 * Issue 22: a step closing the order on its own path delivers its callbacks itself, once written
 * (DeliveringStep), instead of a local activity each. Histories recorded before it replay those.
 */
export const STEP_DELIVERS_PATCH = '22-closing-step-delivers';

/**
 * Issue 28: an action that reaches an order still being prepared waits for the preparation and is
 * judged then, instead of being refused for a phase the integrator cannot see. Histories recorded
 * before it refused those (a signal's refusal kept; an update's never accepted).
 */
export const PREPARATION_PATCH = '28-actions-wait-for-preparation';

/**
 * Issue 31: testers' signals act only on an order started allowing them (its `testerSignals`),
 * and a decision's signal never says where callbacks go. Histories recorded before took every
 * signal, a decision's URL included.
 */
export const TESTER_SIGNALS_PATCH = '31-tester-signals-gated';
