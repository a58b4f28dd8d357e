import { parseExposition, Sample, samplesOf, valueOf } from '../shared/prometheus-text';

/** How long one kind of activity's attempts took, from the Temporal SDK's histograms on a worker's /metrics. */
export interface ActivityTimes {
  kind: 'activity' | 'local activity';
  type: string;
  attempts: number;
  meanMs: number;
  /** Attempts that took more than 10 s (the histogram's last bound short of +Inf). */
  overTenSeconds: number;
}

/** What the workers alive at the end say of their activities. */
export interface WorkerActivities {
  types: ActivityTimes[];
  /** Activity and local activity slots still taken once every order settled: an activity that never returned. */
  stillRunning: number;
  /** Workers whose /metrics could not be read, and why. */
  unread: string[];
}

const TEN_SECONDS = '10';
const HISTOGRAMS = {
  activity: 'temporal_activity_execution_latency_seconds',
  'local activity': 'temporal_local_activity_execution_latency_seconds',
} as const;

/** Every attempt of every activity type, from the samples of one or more workers' expositions. */
export function activityTimesOf(samples: Sample[]): Omit<WorkerActivities, 'unread'> {
  const types: ActivityTimes[] = [];
  for (const [kind, histogram] of Object.entries(HISTOGRAMS) as Array<[ActivityTimes['kind'], string]>) {
    const names = [
      ...new Set(samplesOf(samples, `${histogram}_count`).map((sample) => sample.labels.activity_type!)),
    ].sort();
    for (const type of names) {
      const attempts = valueOf(samples, `${histogram}_count`, { activity_type: type });
      const within = valueOf(samples, `${histogram}_bucket`, { activity_type: type, le: TEN_SECONDS });
      const seconds = valueOf(samples, `${histogram}_sum`, { activity_type: type });
      types.push({
        kind,
        type,
        attempts,
        meanMs: attempts ? (seconds / attempts) * 1000 : 0,
        overTenSeconds: attempts - within,
      });
    }
  }
  const stillRunning = ['ActivityWorker', 'LocalActivityWorker'].reduce(
    (total, worker_type) => total + valueOf(samples, 'temporal_worker_task_slots_used', { worker_type }),
    0,
  );
  return { types, stillRunning };
}

/** Reads each worker's /metrics (every worker alive at the end) and sums what they say. */
export async function readWorkerActivities(urls: string[]): Promise<WorkerActivities> {
  const samples: Sample[] = [];
  const unread: string[] = [];
  for (const url of urls) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      samples.push(...parseExposition(await response.text()));
    } catch (error) {
      unread.push(`${url}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { ...activityTimesOf(samples), unread };
}
