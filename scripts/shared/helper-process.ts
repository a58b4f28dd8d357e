import { spawn } from 'node:child_process';

/** A script's helper process: started with a spec, it answers once with what it started, and stops when told. */
export interface Helper<R> {
  /** What the helper reported once its server was up. */
  ready: R;
  pid: number;
  /** Every later message the helper sends. */
  onMessage(listener: (message: unknown) => void): void;
  /** Disconnects it; the helper stops its server and exits. */
  stop: () => Promise<void>;
}

/**
 * Starts `module` (a compiled script that calls serveHelper) with `spec`, its output on this
 * process's stderr, and waits for its first message. `wrapper` runs it through another command
 * first, e.g. `ip netns exec NAME` (which execs node in its place, keeping the IPC channel);
 * `env` is its environment, this process's own when absent. The helper also stops its server
 * should this process die without cleaning up (the channel closes).
 */
export async function startHelper<R>(
  module: string,
  spec: unknown,
  wrapper: readonly string[] = [],
  env?: NodeJS.ProcessEnv,
): Promise<Helper<R>> {
  const [command, ...args] = [...wrapper, process.execPath, '--enable-source-maps', module, JSON.stringify(spec)];
  const helper = spawn(command, args, { stdio: ['ignore', 2, 2, 'ipc'], env });
  const exited = new Promise<void>((resolve) => helper.once('exit', () => resolve()));
  const ready = await new Promise<R>((resolve, reject) => {
    helper.once('message', (message) => resolve(message as R));
    helper.once('error', reject);
    void exited.then(() => reject(new Error(`the helper ${module} exited before it was ready`)));
  });
  return {
    ready,
    pid: helper.pid!,
    onMessage: (listener) => void helper.on('message', listener),
    async stop() {
      if (helper.connected) helper.disconnect();
      await exited;
    },
  };
}

/**
 * The helper's side: starts what `start` starts from the spec in argv, reports it, and stops it
 * when its parent disconnects. Ctrl-C reaches the whole process group; the parent decides when
 * the helper stops.
 */
export function serveHelper<S, R>(
  name: string,
  start: (spec: S, send: (message: unknown) => void) => Promise<{ ready: R; stop: () => Promise<void> }>,
): void {
  const send = (message: unknown) => {
    if (process.connected) process.send!(message);
  };
  start(JSON.parse(process.argv[2]!) as S, send).then(
    ({ ready, stop }) => {
      process.on('SIGINT', () => undefined);
      process.once('disconnect', () => void stop().finally(() => process.exit(0)));
      send(ready);
    },
    (error: unknown) => {
      process.stderr.write(`[${name}] failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
