import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const MAIN = join('dist', 'src', 'main.js');

/**
 * A real `main.js <role>` process from dist/ (built by `npm test`, or `node scripts/run.mjs
 * build` by hand), so that a SIGKILL loses exactly what a crash in production would: in-flight
 * activities, sticky workflow caches and unacknowledged tasks; and so that what only the
 * process does (its /metrics server, its tracing) runs as in production. Its metrics ports
 * are free ones unless given. Its output is kept, so a failure can show why it misbehaved.
 */
export class MainProcess {
  private readonly child: ChildProcess;
  private kept = '';
  private readonly exited: Promise<void>;

  static assertBuilt(): void {
    if (!existsSync(join(ROOT, MAIN))) throw new Error(`${MAIN} is missing: run \`node scripts/run.mjs build\` first`);
  }

  constructor(role: 'api' | 'worker', env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--enable-source-maps', MAIN, role], {
      cwd: ROOT,
      env: { API_METRICS_PORT: '0', WORKER_METRICS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      this.kept = (this.kept + chunk.toString('utf8')).slice(-20_000);
    };
    this.child.stdout!.on('data', keep);
    this.child.stderr!.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** The last 20 kB the process wrote. */
  get output(): string {
    return this.kept;
  }

  /** Fails the waiting test at once instead of letting it time out on a process that died by itself. */
  assertRunning(): void {
    if (!this.running) {
      throw new Error(`process ${this.child.pid} exited (${this.child.exitCode ?? this.child.signalCode}):\n${this.kept}`);
    }
  }

  async kill(): Promise<void> {
    if (this.running) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, as a supervisor stops it: the process shuts down by itself (and flushes what it buffers). */
  async stop(): Promise<void> {
    if (this.running) this.child.kill('SIGTERM');
    await this.exited;
  }
}
