import { resolve } from 'node:path';
import { writeWorkflowBundles } from '../src/temporal/workflow-bundle';
import { runScript, sayAs } from './shared/script-main';

const USAGE = 'usage: node dist/scripts/bundle-workflows.js <output file> [--workflows <index module>]';
const say = sayAs('bundle-workflows');

/** The output file and the workflows to bundle (`workflows/index` unless given), or null for a usage error. */
export function bundleArguments(argv: readonly string[]): { out: string; workflowsPath?: string } | null {
  const [out, flag, workflowsPath, ...rest] = argv;
  if (!out || out.startsWith('-') || rest.length > 0) return null;
  if (flag === undefined) return { out };
  return flag === '--workflows' && workflowsPath ? { out, workflowsPath: resolve(workflowsPath) } : null;
}

/**
 * Writes the worker's workflow bundle, for WORKFLOW_BUNDLE_PATH (README, "Running the
 * processes separately"), and its traced twin for a worker that traces: the workflows of this
 * build, or those of another index module.
 */
async function main(): Promise<number> {
  const parsed = bundleArguments(process.argv.slice(2));
  if (!parsed) {
    say(USAGE);
    return 2;
  }
  const written = await writeWorkflowBundles(parsed.out, parsed.workflowsPath);
  say(`wrote ${written.join(' and ')}`);
  return 0;
}

if (require.main === module) runScript(main, say);
