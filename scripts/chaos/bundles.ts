import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflows } from '../../src/temporal/workflow-bundle';

/** The workflow code a worker runs: what is deployed now, or the rolling-deploy plan's change. */
export type BundleName = 'deployed' | 'patched';

export type Bundles = { deployed: string; patched?: string };

/**
 * Bundles the deployed workflows once (and the rolling-deploy plan's changed ones when asked),
 * into `dir`, for the workers' WORKFLOW_BUNDLE_PATH: a worker then starts in seconds instead of
 * bundling for itself, and the rolling deploy's new workers run code that differs from the old
 * ones'.
 */
export async function writeBundles(dir: string, withPatched: boolean): Promise<Bundles> {
  const write = async (name: BundleName, workflowsPath?: string) => {
    const path = join(dir, `workflow-bundle-${name}.js`);
    writeFileSync(path, await bundleWorkflows(workflowsPath));
    return path;
  };
  return {
    deployed: await write('deployed'),
    ...(withPatched ? { patched: await write('patched', require.resolve('./rolling-deploy.workflows')) } : {}),
  };
}
