import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

/** The workflow code a worker runs: what is deployed now, or the rolling-deploy plan's change. */
export const BUNDLES = ['deployed', 'patched'] as const;
export type BundleName = (typeof BUNDLES)[number];

const ENTRIES: Record<BundleName, string> = {
  deployed: require.resolve('../../workflows'),
  patched: require.resolve('./rolling-deploy.workflows'),
};

/**
 * Bundles each named workflow entry once, into `dir`, for the workers' WORKFLOW_BUNDLE_PATH: a
 * worker then starts in seconds instead of bundling for itself, and the rolling deploy's new
 * workers run code that differs from the old ones'.
 */
export async function writeBundles(dir: string, names: readonly BundleName[]): Promise<Partial<Record<BundleName, string>> & { deployed: string }> {
  const paths: Partial<Record<BundleName, string>> = {};
  for (const name of names) {
    const { code } = await bundleWorkflowCode({ workflowsPath: ENTRIES[name], logger: new DefaultLogger('WARN') });
    paths[name] = join(dir, `workflow-bundle-${name}.js`);
    writeFileSync(paths[name], code);
  }
  if (!paths.deployed) throw new Error('the deployed workflow code is always bundled');
  return { ...paths, deployed: paths.deployed };
}
