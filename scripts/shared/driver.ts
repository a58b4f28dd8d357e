import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Summary, summarize } from './stats';

/** What one complete flow measured, in milliseconds. */
export interface FlowTimings {
  /** The flow's workflow, whose history the bench reads afterwards. */
  workflowId: string;
  previewAck: number;
  /** From sending the preview to its callback's arrival (the QR flow over HTTP). */
  previewToCallback?: number;
  payAck: number;
  /** From sending the decision to the COMPLETED callback's arrival. */
  decisionToCompleted: number;
}

/** Runs flow number `index` to its end; `signal` aborts a flow that ran out of time. */
export type Flow = (index: number, signal: AbortSignal) => Promise<FlowTimings>;

export interface RunResult {
  /** Flows run (or meant to run, when some never started). */
  flows: number;
  completed: number;
  /** From the first start to the last flow's end. */
  wallMs: number;
  flowsPerSecond: number;
  previewAck: Summary;
  payAck: Summary;
  decisionToCompleted: Summary;
  /** Flows that failed or never started. */
  failures: number;
  /** The first few reasons. */
  firstFailures: string[];
}

export interface RunOptions {
  label: string;
  flows: number;
  concurrency: number;
  /** A flow that has not ended by then counts as failed. */
  flowTimeoutMs: number;
  /** No flow starts after this; keeps a sick run bounded. */
  runTimeoutMs: number;
  /** Flow i starts no sooner than i × this after the run's start, spreading the flows over a span (chaos). */
  startSpacingMs?: number;
  /** Once aborted, no flow starts any more; those not started are no failure (chaos: flows run until the plan is done). */
  stopStarting?: AbortSignal;
  say(message: string): void;
}

const FAILURES_KEPT = 5;

/** What runLanes did: each completed item's result, and why others failed. */
export interface LaneRun<T> {
  results: T[];
  wallMs: number;
  started: number;
  /** Items that failed or never started. */
  failures: number;
  /** The first few reasons. */
  firstFailures: string[];
}

/**
 * Runs `work` for items 0…flows-1, at most `concurrency` at a time, each within its own
 * timeout, and starts none after the run's timeout. Says how far it is every 5 s.
 */
export async function runLanes<T>(
  work: (index: number, signal: AbortSignal) => Promise<T>,
  options: RunOptions,
): Promise<LaneRun<T>> {
  const results: T[] = [];
  const failures: string[] = [];
  let next = 0;
  const started = performance.now();
  const stopStartingAt = started + options.runTimeoutMs;
  const progress = setInterval(
    () =>
      options.say(
        `${options.label}: ${results.length + failures.length}/${options.flows} done, ${failures.length} failed`,
      ),
    5_000,
  );

  const lane = async () => {
    while (next < options.flows && performance.now() < stopStartingAt && !options.stopStarting?.aborted) {
      const index = next++;
      const due = started + index * (options.startSpacingMs ?? 0);
      if (due > performance.now()) await sleep(due - performance.now());
      const signal = AbortSignal.timeout(options.flowTimeoutMs);
      try {
        results.push(await abortable(work(index, signal), signal));
      } catch (error) {
        failures.push(`flow ${index}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(options.concurrency, options.flows) }, lane));
  } finally {
    clearInterval(progress);
  }
  const wallMs = performance.now() - started;
  const unstarted = options.stopStarting?.aborted ? 0 : options.flows - next;
  if (unstarted > 0)
    failures.push(`${unstarted} flow(s) never started: the run took longer than ${options.runTimeoutMs / 1000} s`);
  return {
    results,
    wallMs,
    started: next,
    failures: next + unstarted - results.length,
    firstFailures: failures.slice(0, FAILURES_KEPT),
  };
}

/** Runs `flows` flows, at most `concurrency` at a time, and summarises their timings; also names the completed flows' workflows. */
export async function runFlows(flow: Flow, options: RunOptions): Promise<{ result: RunResult; workflowIds: string[] }> {
  const { results: timings, wallMs, started, failures, firstFailures } = await runLanes(flow, options);
  const result = {
    flows: options.stopStarting?.aborted ? started : options.flows,
    completed: timings.length,
    wallMs,
    flowsPerSecond: timings.length / (wallMs / 1000),
    previewAck: summarize(timings.map((t) => t.previewAck)),
    payAck: summarize(timings.map((t) => t.payAck)),
    decisionToCompleted: summarize(timings.map((t) => t.decisionToCompleted)),
    failures,
    firstFailures,
  };
  return { result, workflowIds: timings.map((t) => t.workflowId) };
}

/** The flow's own waits (callbacks) do not watch the signal; this is what ends them. */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new Error(`did not end within the flow timeout (${signal.reason})`));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
