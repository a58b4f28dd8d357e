import { fork } from 'node:child_process';
import { freePort } from '../../src/infra/free-port';
import { startTemporalDevServer } from '../../src/infra/temporal-dev-server';

/**
 * The throw-away Temporal dev server, started from a helper process of its own. The server
 * inherits its starter's stdout and prints a banner there; from the helper, whose stdout is
 * the bench's stderr, the banner cannot spoil the bench's table or JSON. The helper also
 * stops the server should the bench die without cleaning up (its IPC channel closes).
 */
export async function startTemporalHelper(): Promise<{ address: string; stop(): Promise<void> }> {
  const helper = fork(__filename, [], { stdio: ['ignore', 2, 2, 'ipc'] });
  const exited = new Promise<void>((resolve) => helper.once('exit', () => resolve()));
  const address = await new Promise<string>((resolve, reject) => {
    helper.once('message', (message: { address: string }) => resolve(message.address));
    void exited.then(() => reject(new Error('the Temporal helper exited before its server was ready')));
  });
  return {
    address,
    async stop() {
      if (helper.connected) helper.disconnect();
      await exited;
    },
  };
}

async function serve(): Promise<void> {
  const server = await startTemporalDevServer({ port: await freePort(), uiPort: null, cliPath: process.env.TEMPORAL_CLI_PATH });
  // Ctrl-C reaches the whole process group; the bench decides when this helper stops.
  process.on('SIGINT', () => undefined);
  process.once('disconnect', () => void server.stop().finally(() => process.exit(0)));
  process.send!({ address: server.address });
}

if (require.main === module) void serve();
