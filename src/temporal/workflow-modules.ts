// Paths only, nothing loaded: tracing reads them before the role's modules load.

/** The workflows the worker runs unless given a bundle: `workflows/index`. */
export const WORKFLOWS_PATH = require.resolve('../../workflows');

/**
 * The workflow interceptors every bundle carries: tracing's. A bundle is made before anyone
 * knows whether its worker will trace, so the worker feeds its spans to the exporter, or drops
 * them (src/observability/tracing.ts, temporalWorkerTracing).
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')];

/**
 * Modules every workflow's code loads that keep no state of their own: evaluated once per
 * workflow thread instead of once per workflow (reuseV8Context gives each workflow its own
 * copy of every other module). zod, which the signals' schemas are made with, was a tenth of
 * the workflow thread's CPU when each new order loaded it afresh. A module listed here must
 * hold nothing a workflow writes: they share it, frozen.
 */
export const WORKFLOW_PRELOAD_MODULES = ['zod'];
