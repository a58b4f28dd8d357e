import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MainProcess } from '../../dev/main-process';

/** How the process in a slot is started: its environment, and the command that runs it (`ip netns exec NAME`, or none). */
export interface Launch {
  env: NodeJS.ProcessEnv;
  wrapper: readonly string[];
}

export interface ProcessPoolOptions<V extends string> {
  role: 'api' | 'worker';
  size: number;
  /** What the first processes run; a rolling replacement may name another variant (the workers' workflow bundle). */
  variant: V;
  launch(slot: number, variant: V): Promise<Launch>;
  /**
   * Resolves, with performance.now(), once the process takes work: it polls the task queue (a
   * worker), or the balancer has it in rotation (an API); null if it died or never got there.
   */
  ready(process: MainProcess, slot: number): Promise<number | null>;
  /** Called once a process has ended, however it ended (the API leaves the balancer). */
  ended?(process: MainProcess): void;
  /** Each slot's processes' output goes to `<role>-<slot>.log` here when they end. */
  logDir: string;
}

/** A process replaced by SIGTERM has this long to drain and exit before it is SIGKILLed (and the step fails). */
const EXIT_LIMIT_MS = 120_000;
/** A process is killed at work: once it has been ready for this long. */
const MIN_WORK_MS = 3_000;
const SUPERVISOR_RESTART_MS = 1_000;

interface Started<V> {
  slot: number;
  variant: V;
  spawnedAt: number;
  /** When it was first ready; null if it died or never got there. */
  ready: Promise<number | null>;
}

const headline = (output: string) =>
  output
    .trim()
    .split('\n')
    .find((line) => line.trim() !== '')
    ?.slice(0, 200) ?? '(no output)';
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * The chaos run's API or worker processes, one per slot, each a real `main.js api|worker`:
 * started and watched until they take work, SIGKILLed and replaced (a crash), or replaced as a
 * rollout does it (SIGTERM, the process drains and exits by itself, a new one starts and takes
 * work before the call returns). One that dies on its own is noted and replaced a second later,
 * as a process supervisor would.
 */
export class ProcessPool<V extends string> {
  /** Processes that died on their own. */
  readonly unexpectedExits: string[] = [];
  /** Every process started, with the variant it ran: which workflow bundle served which tasks. */
  readonly history: Array<{ pid: number; slot: number; variant: V }> = [];
  private readonly processes: MainProcess[] = [];
  private readonly started = new Map<MainProcess, Started<V>>();
  private readonly retiring = new Set<MainProcess>();
  private closing = false;
  // A chaos run that dies unexpectedly must not leave its processes behind.
  private readonly killAll = () => this.processes.forEach((process) => void process.kill());

  constructor(private readonly options: ProcessPoolOptions<V>) {
    MainProcess.assertBuilt();
  }

  /** Starts every slot and waits until each takes work. */
  async start(): Promise<void> {
    process.once('exit', this.killAll);
    for (let slot = 0; slot < this.options.size; slot++) await this.spawn(slot, this.options.variant);
    for (const child of this.processes) {
      if ((await this.started.get(child)!.ready) === null)
        throw new Error(`${this.options.role} pid ${child.pid} never took work: ${child.recentOutput}`);
    }
  }

  get pids(): number[] {
    return this.processes.map((child) => child.pid!).filter(Boolean);
  }

  /**
   * Waits until every process has taken work for a few seconds (one still starting takes a
   * while), so that a kill hits a process at work while the others carry on. Says how long the
   * slot's process took to start.
   */
  async atWork(slot: number): Promise<string> {
    const others = this.processes.filter((_, other) => other !== slot);
    const [story] = await Promise.all([this.processes[slot]!, ...others].map((child) => this.untilAtWork(child)));
    return story!;
  }

  /** SIGKILLs the slot's process and starts a new one there; says which pids. */
  async kill(slot: number): Promise<string> {
    const killed = this.processes[slot]!;
    this.retiring.add(killed);
    await killed.kill();
    this.log(killed, `SIGKILLed`);
    const started = await this.spawn(slot, this.started.get(killed)!.variant);
    return `pid ${killed.pid} killed, pid ${started.pid} started`;
  }

  /**
   * Replaces the slot's process as a rollout does: SIGTERM, waits until it has drained and
   * exited by itself, starts a new one (running `variant`) and waits until it takes work. Throws
   * when the old one had to be SIGKILLed or the new one never took work.
   */
  async roll(slot: number, variant: V): Promise<string> {
    const old = this.processes[slot]!;
    this.retiring.add(old);
    const stopping = performance.now();
    const exited = await Promise.race([old.stop().then(() => true), sleep(EXIT_LIMIT_MS, false)]);
    if (!exited) await old.kill();
    const drained = performance.now() - stopping;
    this.log(
      old,
      exited
        ? `stopped by SIGTERM, exited (${old.exitDescription}) after ${seconds(drained)}`
        : 'SIGKILLed: it did not exit after SIGTERM',
    );
    if (!exited) throw new Error(`pid ${old.pid} did not exit within ${seconds(EXIT_LIMIT_MS)} of SIGTERM`);
    const fresh = await this.spawn(slot, variant);
    const { spawnedAt, ready } = this.started.get(fresh)!;
    const readyAt = await ready;
    if (readyAt === null)
      throw new Error(
        `pid ${old.pid} exited after ${seconds(drained)}; its replacement pid ${fresh.pid} never took work: ${headline(fresh.recentOutput)}`,
      );
    return `pid ${old.pid} drained and exited in ${seconds(drained)} (${old.exitDescription}); pid ${fresh.pid} (${variant}) took work ${seconds(readyAt - spawnedAt)} after its start`;
  }

  async close(): Promise<void> {
    this.closing = true;
    process.off('exit', this.killAll);
    await Promise.all(
      this.processes.map(async (child) => {
        this.retiring.add(child);
        await child.kill();
        this.log(child, 'stopped at the end of the run');
      }),
    );
  }

  private async spawn(slot: number, variant: V): Promise<MainProcess> {
    if (this.closing) throw new Error(`the ${this.options.role} processes are being stopped`);
    const { env, wrapper } = await this.options.launch(slot, variant);
    const child = new MainProcess(this.options.role, env, { wrapper });
    this.processes[slot] = child;
    this.history.push({ pid: child.pid!, slot, variant });
    this.started.set(child, { slot, variant, spawnedAt: performance.now(), ready: this.options.ready(child, slot) });
    void child.exited.then(async () => {
      this.options.ended?.(child);
      if (this.closing || this.retiring.has(child)) return;
      this.unexpectedExits.push(
        `${this.options.role} ${slot + 1} (pid ${child.pid}) exited by itself (${child.exitDescription}): ${headline(child.recentOutput)}`,
      );
      this.log(child, `exited by itself (${child.exitDescription})`);
      await sleep(SUPERVISOR_RESTART_MS);
      if (!this.closing && this.processes[slot] === child) await this.spawn(slot, variant);
    });
    return child;
  }

  private log(child: MainProcess, fate: string): void {
    appendFileSync(
      join(this.options.logDir, `${this.options.role}-${this.started.get(child)!.slot + 1}.log`),
      `--- pid ${child.pid}, ${fate} ---\n${child.recentOutput}\n`,
    );
  }

  private async untilAtWork(child: MainProcess): Promise<string> {
    const { spawnedAt, ready } = this.started.get(child)!;
    const readyAt = await ready;
    if (readyAt === null) return 'never took work';
    const busyFor = performance.now() - readyAt;
    if (busyFor < MIN_WORK_MS) await sleep(MIN_WORK_MS - busyFor);
    return `it took work ${seconds(readyAt - spawnedAt)} after its start`;
  }
}
