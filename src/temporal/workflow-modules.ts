// Paths only, nothing loaded: tracing reads them before the role's modules load.

/** The workflows the worker runs unless given a bundle: `workflows/index`. */
export const WORKFLOWS_PATH = require.resolve('../../workflows');

/**
 * The workflow interceptors every bundle carries: tracing's. A bundle is made before anyone
 * knows whether its worker will trace, so the worker feeds its spans to the exporter, or drops
 * them (src/observability/tracing.ts, temporalWorkerTracing).
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')];
