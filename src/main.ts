import 'reflect-metadata';
import { EnvError } from './config/env';
import { startTracing } from './observability/tracing';
import { tracingOptions } from './observability/tracing-options';

/* eslint-disable @typescript-eslint/no-require-imports -- a role's modules must load after tracing starts; an import would load them first */
/**
 * One entry for every process of the product: `node dist/src/main.js api|worker|codec-server`. A
 * role's modules are required only once tracing has started (when a collector is named:
 * tracingOptions), so that its instrumentation sees them load. The rails simulator is the
 * harness's, not a role here: `node dist/sim/main.js rails` (sim/main.ts), which the production
 * image does not hold.
 */
const roles = {
  api: {
    traced: true,
    run: () => (require('./processes/api.process') as typeof import('./processes/api.process')).runApi(),
  },
  worker: {
    traced: true,
    run: () => (require('./processes/worker.process') as typeof import('./processes/worker.process')).runWorker(),
  },
  'codec-server': {
    traced: false,
    run: () =>
      (
        require('./processes/codec-server.process') as typeof import('./processes/codec-server.process')
      ).runCodecServer(),
  },
} as const;
/* eslint-enable @typescript-eslint/no-require-imports */

const role = process.argv[2] as keyof typeof roles | undefined;
const chosen = role ? roles[role] : undefined;
if (!chosen) {
  process.stderr.write(`usage: main.js <${Object.keys(roles).join('|')}>\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  if (chosen!.traced) startTracing(tracingOptions(role!));
  await chosen!.run();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${role} failed: ${error instanceof EnvError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
  );
  process.exit(1);
});
