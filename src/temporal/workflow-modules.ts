// Paths and options only, nothing loaded: tracing reads them before the role's modules load.
import type { BundleOptions } from '@temporalio/worker';

/** The workflows the worker runs unless given a bundle: `workflows/index`. */
export const WORKFLOWS_PATH = require.resolve('../../workflows');

/**
 * The workflow interceptors a tracing worker's bundle carries. Only its: each workflow evaluates
 * its own copy of OpenTelemetry's modules (the sandbox shares only preloaded ones), which made
 * every cached order about four times as big (docs/performance.md, "The tracing interceptors' memory").
 */
export const WORKFLOW_INTERCEPTOR_MODULES = [
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors'),
];

/**
 * Where the traced twin of the prebuilt bundle at `path` is (`workflow-bundle.js` →
 * `workflow-bundle.traced.js`): `node dist/scripts/bundle-workflows.js` writes both, and a worker
 * that traces runs the twin.
 */
export const tracedBundlePath = (path: string) => path.replace(/(\.js)?$/, '.traced.js');

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
