/**
 * The noisy-neighbour plan (issue 28, item 6): how long each phase lasts, how hard the noisy
 * client pushes, and when each of its requests is due. Pure, so the schedule's promises (open
 * loop: arrivals on a fixed clock whatever the answers; the offered rate a multiple of what the
 * calibration measured) are unit-tested.
 */

/** Which protection the topology runs with: the service's own, or all of it switched off. */
export const PROTECTIONS = ['protected', 'unprotected'] as const;
export type Protection = (typeof PROTECTIONS)[number];

export interface NoisyNeighbourPlan {
  short: boolean;
  /** The calibration client's closed loop, before anything else runs. */
  calibrationMs: number;
  /** Previews the calibration client keeps in flight at once. */
  calibrationConcurrency: number;
  /** Callbacks in the calibration's first this-many ms are not counted: the loop is filling up. */
  calibrationWarmUpMs: number;
  /** The steady client (and the ordinary one) alone. */
  baselineMs: number;
  /** The noisy client on top of them. */
  overloadMs: number;
  /** The noisy client offers this many times the measured capacity. */
  overloadFactor: number;
  /** The steady client's flows a second, all along the baseline and the overload. */
  steadyPerSecond: number;
  /**
   * After the overload, how long every acknowledged order has to become final: the QR expiry
   * (an order nobody paid expires then) and 10 s more. "Before the end" means by then.
   */
  endAfterOverloadMs: number;
  /** The QR expiry every process of the topology runs with (QR_EXPIRY_SECONDS). */
  qrExpirySeconds: number;
}

/** The "20 s expiry": the ordinary client's QRs, and everybody's, expire after 20 s. */
export const NOISY_QR_EXPIRY_SECONDS = 20;
const END_MARGIN_MS = 10_000;

const base = {
  overloadFactor: 5,
  steadyPerSecond: 1,
  qrExpirySeconds: NOISY_QR_EXPIRY_SECONDS,
  endAfterOverloadMs: NOISY_QR_EXPIRY_SECONDS * 1000 + END_MARGIN_MS,
};

/** The plan: 30 s of baseline, then 120 s with the noisy client at five times the capacity. */
export const FULL_NOISY_NEIGHBOUR: NoisyNeighbourPlan = {
  ...base,
  short: false,
  calibrationMs: 20_000,
  calibrationConcurrency: 32,
  calibrationWarmUpMs: 3_000,
  baselineMs: 30_000,
  overloadMs: 120_000,
};

/** What `npm test` runs: the same phases, shorter. */
export const SHORT_NOISY_NEIGHBOUR: NoisyNeighbourPlan = {
  ...base,
  short: true,
  calibrationMs: 10_000,
  calibrationConcurrency: 32,
  calibrationWarmUpMs: 2_000,
  baselineMs: 15_000,
  overloadMs: 30_000,
};

export const noisyNeighbourPlan = (short: boolean): NoisyNeighbourPlan =>
  short ? SHORT_NOISY_NEIGHBOUR : FULL_NOISY_NEIGHBOUR;

/** Previews a second the calibration measured: callbacks that arrived after the warm-up, over the rest of the window. */
export function measuredCapacity(
  callbackAtMs: readonly number[],
  plan: Pick<NoisyNeighbourPlan, 'calibrationMs' | 'calibrationWarmUpMs'>,
): number {
  const counted = callbackAtMs.filter((at) => at >= plan.calibrationWarmUpMs && at < plan.calibrationMs).length;
  return counted / ((plan.calibrationMs - plan.calibrationWarmUpMs) / 1000);
}

/**
 * Open loop: request i is due i ÷ rate seconds after the start, for `durationMs`, whatever
 * became of the ones before. A client that waited for answers would slow down as the service
 * did, and never overload it.
 */
export function arrivals(ratePerSecond: number, durationMs: number): number[] {
  if (!(ratePerSecond > 0)) return [];
  const count = Math.floor((ratePerSecond * durationMs) / 1000);
  return Array.from({ length: count }, (_, i) => (i * 1000) / ratePerSecond);
}

/** The noisy client's offered rate: the plan's multiple of the measured capacity (at least one a second). */
export const offeredRate = (capacityPerSecond: number, plan: Pick<NoisyNeighbourPlan, 'overloadFactor'>) =>
  Math.max(1, capacityPerSecond * plan.overloadFactor);

/**
 * The share of the measured capacity each client's previews quota is sized to in the protected
 * run: the topology, all on this machine's two cores, prepares a fifth of what the default quota
 * is sized for (one worker with its own two cores), so the plan sizes the quota as a deployment
 * does from its own capacity (docs/deployment.md, "Quotas").
 */
export const QUOTA_SHARE_OF_CAPACITY = 0.15;

/** Every client's previews quota for this capacity, as `clients:limits --quota` takes it: rate/burst, a second's worth twice. */
export function previewsQuotaFor(capacityPerSecond: number): string {
  const rate = Math.max(2, Math.round(capacityPerSecond * QUOTA_SHARE_OF_CAPACITY));
  return `previews=${rate}/${2 * rate}`;
}

/** What the API replicas and workers run with beyond the topology's settings. */
export function serviceEnvFor(
  protection: Protection,
  plan: Pick<NoisyNeighbourPlan, 'qrExpirySeconds'>,
): NodeJS.ProcessEnv {
  const env = { QR_EXPIRY_SECONDS: String(plan.qrExpirySeconds) };
  return protection === 'protected' ? env : { ...env, QUOTA_DEFAULTS: 'off', ADMISSION_MAX_BACKLOG_AGE: '0s' };
}

/** The Temporal server's dynamic config: the service's own, or with fairness off. */
export function temporalConfigFor(
  protection: Protection,
  config: Readonly<Record<string, unknown>>,
): Readonly<Record<string, unknown>> {
  return protection === 'protected' ? config : { ...config, 'matching.enableFairness': false };
}
