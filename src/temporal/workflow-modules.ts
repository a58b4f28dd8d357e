// Paths and options only, nothing loaded: tracing reads them before the role's modules load.
import type { BundleOptions } from '@temporalio/worker';

/** The workflows the worker runs unless given a bundle: `workflows/index`. */
export const WORKFLOWS_PATH = require.resolve('../../workflows');

/**
 * The workflow interceptors every bundle carries: tracing's. A bundle is made before anyone
 * knows whether its worker will trace, so the worker feeds its spans to the exporter, or drops
 * them (src/observability/tracing.ts, temporalWorkerTracing).
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors')];

/**
 * How the workflow code is bundled, at the worker's start or ahead of it.
 *
 * `preloadModules`: modules every workflow's code loads that keep no state of their own,
 * evaluated once per workflow thread instead of once per workflow (reuseV8Context gives each
 * workflow its own copy of every other module). zod, which the signals' schemas are made with,
 * was an eighth of the workflow thread's CPU when each new order loaded it afresh; it comes with
 * `workflows/zod-preload`, which settles what zod would write later. A module listed here must
 * hold nothing a workflow writes: they share it, frozen.
 *
 * webpack drops a `require` whose result goes unused when the package declares itself free of
 * side effects, as zod does, and the SDK's preload is such a `require`: without its
 * `sideEffects` optimization off, the preload list compiles to nothing.
 */
export const WORKFLOW_BUNDLER_OPTIONS: Pick<BundleOptions, 'preloadModules' | 'webpackConfigHook'> = {
  preloadModules: [require.resolve('../../workflows/zod-preload')],
  webpackConfigHook: (config) => ({ ...config, optimization: { ...config.optimization, sideEffects: false } }),
};
