import 'reflect-metadata';
import { EnvError } from './config/env';
import { runAll } from './processes/all.process';
import { runApi } from './processes/api.process';
import { runRails } from './processes/rails.process';
import { runWorker } from './processes/worker.process';

/** One entry for every process: `node dist/src/main.js api|worker|rails|all`. */
const roles = { api: runApi, worker: runWorker, rails: runRails, all: runAll } as const;

const role = process.argv[2] as keyof typeof roles | undefined;
const run = role ? roles[role] : undefined;
if (!run) {
  process.stderr.write(`usage: main.js <${Object.keys(roles).join('|')}>\n`);
  process.exit(2);
}
run().catch((error: unknown) => {
  process.stderr.write(`${role} failed: ${error instanceof EnvError ? error.message : error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
