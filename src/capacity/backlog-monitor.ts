import type { Connection, ConnectionLike } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { observeBacklogWait } from '../observability/metrics';
import { type BacklogReading, expectedWaitMs } from './admission';

type Duration = { seconds?: { toNumber(): number } | number | null; nanos?: number | null } | null | undefined;

const msOf = (duration: Duration) =>
  duration ? Number(duration.seconds ?? 0) * 1000 + (duration.nanos ?? 0) / 1e6 : 0;

const { TaskQueueType, TaskQueueKind } = temporal.api.enums.v1;

/** One reading's bound, its retries included: what a shutdown may wait for it. */
const READ_DEADLINE_MS = 2000;

/** A reading older than this many polls is stale: Temporal stopped answering, and the backlog is unknown. */
const STALE_AFTER_POLLS = 5;

/**
 * How far behind the workers are, read from Temporal every `pollMs` (DescribeTaskQueue with its
 * stats: two calls per poll per API replica, whatever the traffic) and kept for the requests
 * between polls. The order's work waits in the task queue's workflow queue (a new order's
 * preparation, an evicted order's next step) and its activity queue (callbacks, payouts); a new
 * preview waits behind both (its preparation, then its callback).
 */
export class BacklogMonitor {
  private latest: { queues: BacklogReading[]; atMs: number } | null = null;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    /** A connection of its own, without the client's retry interceptor: a reading is simply taken again at the next poll. */
    private readonly connection: Connection,
    private readonly namespace: string,
    private readonly taskQueue: string,
    private readonly pollMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    const poll = () => {
      this.polling = this.read()
        .catch(() => undefined)
        .then(() => {
          if (!this.stopped) this.timer = setTimeout(poll, this.pollMs).unref();
        });
    };
    poll();
  }

  /** Stops polling, waits for the reading in flight to end (within READ_DEADLINE_MS), and closes its connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    await this.connection.close();
  }

  /** The latest reading of each queue (workflow, activity), or null while none is fresh. */
  current(): BacklogReading[] | null {
    return this.latest && this.now() - this.latest.atMs <= STALE_AFTER_POLLS * this.pollMs ? this.latest.queues : null;
  }

  async read(): Promise<BacklogReading[]> {
    const { workflow, activity } = await readBacklogs(
      this.connection,
      this.namespace,
      this.taskQueue,
      new Date(this.now() + READ_DEADLINE_MS),
    );
    const queues = [workflow, activity];
    this.latest = { queues, atMs: this.now() };
    observeBacklogWait(Math.max(...queues.map(expectedWaitMs)) / 1000);
    return queues;
  }
}

/** The backlog of the task queue's workflow queue and of its activity queue, each as Temporal reports it. */
export async function readBacklogs(
  connection: ConnectionLike,
  namespace: string,
  taskQueue: string,
  deadline: Date,
): Promise<{ workflow: BacklogReading; activity: BacklogReading }> {
  const describe = async (taskQueueType: temporal.api.enums.v1.TaskQueueType): Promise<BacklogReading> => {
    const queue = await connection.withDeadline(deadline, () =>
      connection.workflowService.describeTaskQueue({
        namespace,
        taskQueue: { name: taskQueue, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType,
        reportStats: true,
      }),
    );
    const stats = queue.stats;
    return {
      ageMs: msOf(stats?.approximateBacklogAge),
      count: Number(stats?.approximateBacklogCount ?? 0),
      dispatchPerSecond: stats?.tasksDispatchRate ?? 0,
    };
  };
  const [workflow, activity] = await Promise.all([
    describe(TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW),
    describe(TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY),
  ]);
  return { workflow, activity };
}
