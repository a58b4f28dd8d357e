import { fork } from 'node:child_process';
import { freePort } from '../../src/infra/free-port';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server';
import type { TemporalServerBinaries } from '../../src/infra/temporal-postgres/installation';
import { startTemporalPostgresServer } from '../../src/infra/temporal-postgres/temporal-postgres-server';
import { childPids } from './process-cpu';

/** Which throw-away Temporal the helper runs. */
export type TemporalHelperSpec = {
  /** A free one when absent. A restart passes the first start's port, so clients find the server again. */
  port?: number;
} & (
  | {
      backend: 'dev';
      /** SQLite file that keeps workflows across a stop and start; in memory when absent. */
      dbFilename?: string;
    }
  | { backend: 'postgres'; binaries: TemporalServerBinaries; databaseUrl: string; runDir: string }
);

export interface TemporalHelper {
  address: string;
  port: number;
  /** The Temporal server's own process, whose CPU the bench measures; null if not found. */
  serverPid: number | null;
  stop(): Promise<void>;
}

/**
 * A throw-away Temporal server for the scripts, started from a helper process of its own. The
 * dev server inherits its starter's stdout and prints a banner there; from the helper, whose
 * stdout is the script's stderr, the banner cannot spoil the script's table or JSON. The helper
 * also stops the server should the script die without cleaning up (its IPC channel closes).
 */
export async function startTemporalHelper(spec: TemporalHelperSpec): Promise<TemporalHelper> {
  const port = spec.port ?? (await freePort());
  const helper = fork(__filename, [JSON.stringify({ ...spec, port })], { stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = new Promise<void>((resolve) => helper.once('exit', () => resolve()));
  const ready = await new Promise<{ address: string; serverPid: number | null }>((resolve, reject) => {
    helper.once('message', resolve);
    void exited.then(() => reject(new Error('the Temporal helper exited before its server was ready')));
  });
  return {
    ...ready,
    port,
    async stop() {
      if (helper.connected) helper.disconnect();
      await exited;
    },
  };
}

async function serve(spec: TemporalHelperSpec & { port: number }): Promise<void> {
  let server: { address: string; stop(): Promise<void> };
  let serverPid: number | null;
  if (spec.backend === 'postgres') {
    const started = await startTemporalPostgresServer({ binaries: spec.binaries, databaseUrl: spec.databaseUrl, port: spec.port, uiPort: null, runDir: spec.runDir });
    server = started;
    serverPid = started.pid;
  } else {
    server = await startTemporalDevServer({ port: spec.port, uiPort: null, dbFilename: spec.dbFilename, cliPath: process.env.TEMPORAL_CLI_PATH });
    // The CLI is this helper's only child.
    serverPid = childPids(process.pid)[0] ?? null;
  }
  // Ctrl-C reaches the whole process group; the script decides when this helper stops.
  process.on('SIGINT', () => undefined);
  process.once('disconnect', () => void server.stop().finally(() => process.exit(0)));
  process.send!({ address: server.address, serverPid });
}

if (require.main === module) {
  serve(JSON.parse(process.argv[2]!) as TemporalHelperSpec & { port: number }).catch((error) => {
    process.stderr.write(`[temporal helper] Temporal failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
