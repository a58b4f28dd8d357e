import { appendFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Connection } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { WorkerProcess } from '../../src/infra/worker-process';

export interface WorkerPoolOptions {
  size: number;
  env: NodeJS.ProcessEnv;
  /** To see which workers poll the task queue. */
  connection: Connection;
  namespace: string;
  taskQueue: string;
  /** Each slot's workers' output goes to `worker-<slot>.log` here when they end. */
  logDir: string;
}

/** A worker bundles its workflows first: seconds on an idle machine, minutes on a crowded one. */
const START_LIMIT_MS = 180_000;
/** A worker is killed at work: once it has polled for this long. */
const MIN_WORK_MS = 3_000;
const POLL_CHECK_MS = 250;
const SUPERVISOR_RESTART_MS = 1_000;

interface Started {
  spawnedAt: number;
  /** When it was first seen polling; null if it died or did not poll within START_LIMIT_MS. */
  polling: Promise<number | null>;
}

const headline = (output: string) => output.trim().split('\n').find((line) => line.trim() !== '')?.slice(0, 200) ?? '(no output)';

/**
 * The chaos run's worker processes, one per slot: started, watched until they poll, SIGKILLed
 * and replaced on demand. One that dies on its own is noted and replaced a second later, as a
 * process supervisor would.
 */
export class WorkerPool {
  /** Workers that died on their own. */
  readonly unexpectedExits: string[] = [];
  private readonly workers: WorkerProcess[] = [];
  private readonly started = new Map<WorkerProcess, Started>();
  private readonly killed = new Set<WorkerProcess>();
  private closing = false;
  // A chaos run that dies unexpectedly must not leave workers polling behind it.
  private readonly killAll = () => this.workers.forEach((worker) => void worker.kill());

  constructor(private readonly options: WorkerPoolOptions) {
    WorkerProcess.assertBuilt();
  }

  /** Starts every slot and waits until each polls: the first workers register the search attributes the API needs. */
  async start(): Promise<void> {
    process.once('exit', this.killAll);
    for (let slot = 0; slot < this.options.size; slot++) this.spawn(slot);
    for (const worker of this.workers) {
      if ((await this.started.get(worker)!.polling) === null) throw new Error(`worker pid ${worker.pid} did not start polling: ${worker.recentOutput}`);
    }
  }

  /**
   * Waits until every worker has polled for a few seconds (one still bundling its workflows
   * takes a while; three minutes at most), so that a kill hits a worker at work while the others
   * carry on. Says how long the slot's worker took to start.
   */
  async atWork(slot: number): Promise<string> {
    const others = this.workers.filter((_, other) => other !== slot);
    const [story] = await Promise.all([this.workers[slot]!, ...others].map((worker) => this.untilAtWork(worker)));
    return story!;
  }

  /** SIGKILLs the slot's worker and starts a new one there; says which pids. */
  async replace(slot: number): Promise<string> {
    const killed = await this.retire(slot);
    return `pid ${killed.pid} killed, pid ${this.spawn(slot).pid} started`;
  }

  async close(): Promise<void> {
    this.closing = true;
    process.off('exit', this.killAll);
    await Promise.all(this.workers.map((_, slot) => this.retire(slot)));
  }

  private spawn(slot: number): WorkerProcess {
    if (this.closing) throw new Error('the workers are being stopped');
    const worker = new WorkerProcess(this.options.env);
    this.workers[slot] = worker;
    const spawnedAt = performance.now();
    this.started.set(worker, { spawnedAt, polling: this.firstPoll(worker, spawnedAt) });
    void worker.exited.then(async () => {
      if (this.closing || this.killed.has(worker)) return;
      this.unexpectedExits.push(`worker ${slot + 1} (pid ${worker.pid}) exited by itself (${worker.exitDescription}): ${headline(worker.recentOutput)}`);
      this.log(slot, worker, `exited by itself (${worker.exitDescription})`);
      await sleep(SUPERVISOR_RESTART_MS);
      if (!this.closing && this.workers[slot] === worker) this.spawn(slot);
    });
    return worker;
  }

  private async retire(slot: number): Promise<WorkerProcess> {
    const worker = this.workers[slot]!;
    this.killed.add(worker);
    await worker.kill();
    this.log(slot, worker, `ended (${worker.exitDescription})`);
    return worker;
  }

  private log(slot: number, worker: WorkerProcess, fate: string): void {
    appendFileSync(join(this.options.logDir, `worker-${slot + 1}.log`), `--- pid ${worker.pid}, ${fate} ---\n${worker.recentOutput}\n`);
  }

  /** Whether Temporal has seen the worker poll its task queue (its identity is `pid@host`). */
  private async isPolling(worker: WorkerProcess): Promise<boolean> {
    const { connection, namespace, taskQueue } = this.options;
    const answer = await connection.workflowService
      .describeTaskQueue({
        namespace,
        taskQueue: { name: taskQueue, kind: proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType: proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      })
      .catch(() => null);
    return answer?.pollers?.some((poller) => poller.identity === `${worker.pid}@${hostname()}`) ?? false;
  }

  private async firstPoll(worker: WorkerProcess, spawnedAt: number): Promise<number | null> {
    while (worker.running && performance.now() < spawnedAt + START_LIMIT_MS) {
      if (await this.isPolling(worker)) return performance.now();
      await sleep(POLL_CHECK_MS);
    }
    return null;
  }

  private async untilAtWork(worker: WorkerProcess): Promise<string> {
    const { spawnedAt, polling } = this.started.get(worker)!;
    const pollingAt = await polling;
    if (pollingAt === null) return 'never polled';
    const busyFor = performance.now() - pollingAt;
    if (busyFor < MIN_WORK_MS) await sleep(MIN_WORK_MS - busyFor);
    return `it polled ${((pollingAt - spawnedAt) / 1000).toFixed(1)} s after its start`;
  }
}
