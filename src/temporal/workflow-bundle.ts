import { bundleWorkflowCode } from '@temporalio/worker';
import { writeFileSync } from 'node:fs';
import {
  tracedBundlePath,
  WORKFLOW_BUNDLER_OPTIONS,
  WORKFLOW_INTERCEPTOR_MODULES,
  WORKFLOWS_PATH,
} from './workflow-modules';

/**
 * The code of the workflows at `workflowsPath` (an index module, like `workflows/index`),
 * bundled as the worker bundles them at start-up, for WORKFLOW_BUNDLE_PATH: a worker given it
 * starts without bundling, and runs exactly that code (a release's, or a new version beside
 * the old one during a rolling deploy).
 * `traced`: with the tracing interceptors (WORKFLOW_INTERCEPTOR_MODULES), for a worker that traces.
 */
export async function bundleWorkflows(workflowsPath = WORKFLOWS_PATH, { traced = false } = {}): Promise<string> {
  const interceptors = traced ? { workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES } : {};
  const { code } = await bundleWorkflowCode({ workflowsPath, ...interceptors, ...WORKFLOW_BUNDLER_OPTIONS });
  return code;
}

/** A release's bundles: the untraced one at `out`, and its traced twin beside it (tracedBundlePath). */
export async function writeWorkflowBundles(out: string, workflowsPath = WORKFLOWS_PATH): Promise<string[]> {
  const traced = tracedBundlePath(out);
  writeFileSync(out, await bundleWorkflows(workflowsPath));
  writeFileSync(traced, await bundleWorkflows(workflowsPath, { traced: true }));
  return [out, traced];
}
