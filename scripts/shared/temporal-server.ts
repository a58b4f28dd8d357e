import { fork } from 'node:child_process';
import { freePort } from '../../src/infra/free-port';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server';

export interface TemporalHelperOptions {
  /** A free one when absent. A restart passes the first start's port, so clients find the server again. */
  port?: number;
  /** SQLite file that keeps workflows across a stop and start; in memory when absent. */
  dbFilename?: string;
}

/**
 * A Temporal dev server for the scripts, started from a helper process of its own. The server
 * inherits its starter's stdout and prints a banner there; from the helper, whose stdout is
 * the script's stderr, the banner cannot spoil the script's table or JSON. The helper also
 * stops the server should the script die without cleaning up (its IPC channel closes).
 */
export async function startTemporalHelper(options: TemporalHelperOptions = {}): Promise<{ address: string; port: number; stop(): Promise<void> }> {
  const port = options.port ?? (await freePort());
  const helper = fork(__filename, [JSON.stringify({ ...options, port })], { stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = new Promise<void>((resolve) => helper.once('exit', () => resolve()));
  const address = await new Promise<string>((resolve, reject) => {
    helper.once('message', (message: { address: string }) => resolve(message.address));
    void exited.then(() => reject(new Error('the Temporal helper exited before its server was ready')));
  });
  return {
    address,
    port,
    async stop() {
      if (helper.connected) helper.disconnect();
      await exited;
    },
  };
}

async function serve({ port, dbFilename }: TemporalHelperOptions & { port: number }): Promise<void> {
  const server = await startTemporalDevServer({ port, uiPort: null, dbFilename, cliPath: process.env.TEMPORAL_CLI_PATH });
  // Ctrl-C reaches the whole process group; the script decides when this helper stops.
  process.on('SIGINT', () => undefined);
  process.once('disconnect', () => void server.stop().finally(() => process.exit(0)));
  process.send!({ address: server.address });
}

if (require.main === module) void serve(JSON.parse(process.argv[2] ?? '{}'));
