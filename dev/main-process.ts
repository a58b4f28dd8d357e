import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../src/config/dev-defaults';

const MAIN = join('dist', 'src', 'main.js');
/** The rails simulator is the harness's (sim/), with an entry of its own; the other roles are the product's. */
export const entryOf = (role: MainProcess['role']) => (role === 'rails' ? join('dist', 'sim', 'main.js') : MAIN);

/**
 * A real `main.js <role>` process from dist/ (dist/src/main.js, or dist/sim/main.js for the rails; built by `npm test`, `npm run chaos`, or `node
 * scripts/run.mjs build` by hand), so that a SIGKILL loses exactly what a crash in production
 * would: in-flight activities, sticky workflow caches and unacknowledged tasks; and so that
 * what only the process does (its /metrics server, its tracing) runs as in production. Its
 * metrics ports are free ones unless given, so that several run side by side. The tail of its
 * output is kept, so a failure can show why it misbehaved.
 */
export class MainProcess {
  private readonly child: ChildProcess;
  private output = '';
  private signalled = false;
  /** Settles when the process has ended, however it ended. */
  readonly exited: Promise<void>;

  static assertBuilt(): void {
    if (!existsSync(join(PROJECT_ROOT, MAIN)))
      throw new Error(`${MAIN} is missing: run \`node scripts/run.mjs build\` first`);
  }

  /**
   * `root` holds dist/ (the project's own, unless the tree an image would hold); `user` runs it as
   * another user, as the image does; `wrapper` runs it through another command first, e.g. `ip
   * netns exec NAME` (which execs node in its place); `nodeArgs` go to node itself (the bench's
   * `--cpu-prof`, which NODE_OPTIONS does not take); `command` is what runs with the role as its
   * argument, in place of this node on the role's entry (an image's entrypoint, run through `wrapper`).
   */
  constructor(
    readonly role: 'api' | 'worker' | 'rails' | 'codec-server',
    env: NodeJS.ProcessEnv,
    {
      root = PROJECT_ROOT,
      user,
      wrapper = [],
      nodeArgs = [],
      command = [process.execPath, '--enable-source-maps', ...nodeArgs, entryOf(role)],
    }: {
      root?: string;
      user?: { uid: number; gid: number };
      wrapper?: readonly string[];
      nodeArgs?: readonly string[];
      command?: readonly string[];
    } = {},
  ) {
    const [executable, ...args] = [...wrapper, ...command, role];
    this.child = spawn(executable, args, {
      cwd: root,
      env: { API_METRICS_PORT: '0', WORKER_METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...user,
    });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Whether it was told to stop (stop, kill, signal): its end is expected, not a failure. */
  get stopRequested(): boolean {
    return this.signalled;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** `running`, or the exit code or signal the process ended with. */
  get exitDescription(): string {
    return this.running ? 'running' : String(this.child.exitCode ?? this.child.signalCode);
  }

  /** The last 20,000 characters the process wrote. */
  get recentOutput(): string {
    return this.output;
  }

  /** Fails the waiting caller at once instead of letting it time out on a process that died by itself. */
  assertRunning(): void {
    if (!this.running) {
      throw new Error(`${this.role} ${this.child.pid} exited (${this.exitDescription}):\n${this.output}`);
    }
  }

  /** Sends `name` and returns at once; `exited` says when it is over. */
  signal(name: NodeJS.Signals): void {
    this.signalled = true;
    if (this.running) this.child.kill(name);
  }

  async kill(): Promise<void> {
    this.signal('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, as a supervisor stops it: the process shuts down by itself (and flushes what it buffers). */
  async stop(): Promise<void> {
    this.signal('SIGTERM');
    await this.exited;
  }
}
