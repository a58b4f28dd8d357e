import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_BUNDLER_OPTIONS, WORKFLOW_INTERCEPTOR_MODULES, WORKFLOWS_PATH } from './workflow-modules';

/**
 * The code of the workflows at `workflowsPath` (an index module, like `workflows/index`),
 * bundled as the worker bundles them at start-up, for WORKFLOW_BUNDLE_PATH: a worker given it
 * starts without bundling, and runs exactly that code (a release's, or a new version beside
 * the old one during a rolling deploy).
 */
export async function bundleWorkflows(workflowsPath = WORKFLOWS_PATH): Promise<string> {
  const { code } = await bundleWorkflowCode({ workflowsPath, workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES, ...WORKFLOW_BUNDLER_OPTIONS });
  return code;
}
