import { DefaultLogger, LogEntry, LogLevel, Runtime } from '@temporalio/worker';
import pino, { DestinationStream } from 'pino';
import type { Env } from '../config/env';
import { loggableError } from '../db/loggable-error';
import { LOG_REDACTION } from '../http/logging';

const TEMPORAL_LEVELS: Record<Env['LOG_LEVEL'], LogLevel> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'ERROR',
  silent: 'ERROR',
};

const PINO_METHODS = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

let installed = false;

/** The worker's log fields, every error in them as loggableError has it (an activity's failure is one). */
export function loggableMeta(meta: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(meta ?? {}).map(([key, value]) => [key, loggableError(value)]));
}

export interface RuntimeMetrics {
  /** host:port where the SDK's own Prometheus exporter serves its `temporal_*` series. */
  prometheusBindAddress: string;
}

/**
 * The Temporal runtime of this process, which takes its options once, before the first
 * worker or native connection. The worker's own log (task failures, retries, bundling) goes
 * out as JSON through pino at LOG_LEVEL, like the API's, to stdout unless a destination is
 * given (`npm run bench` keeps stdout for its report). The SDK's native core (its Rust part:
 * "workflow task duration exceeded", "failing workflow task") would otherwise print to the
 * process's stdout by itself, in colour; it is forwarded to the same logger instead. With
 * `metrics`, the SDK's worker metrics (slots, pollers, task latencies) are served in
 * Prometheus form at that address, in seconds and with Prometheus's suffixes. With
 * `ownSignals`, the runtime leaves SIGTERM and SIGINT to the process (the worker process stops
 * its worker itself, and outlives a second signal); otherwise it shuts its workers down on them.
 */
export function installTemporalRuntime(
  level: Env['LOG_LEVEL'],
  {
    metrics,
    destination,
    ownSignals = false,
  }: { metrics?: RuntimeMetrics; destination?: DestinationStream; ownSignals?: boolean } = {},
): void {
  if (installed) return;
  installed = true;
  const options = {
    level,
    base: { process: 'worker' },
    redact: LOG_REDACTION,
    serializers: { error: pino.stdSerializers.err },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  Runtime.install({
    ...(ownSignals ? { shutdownSignals: [] } : {}),
    logger: new DefaultLogger(TEMPORAL_LEVELS[level], ({ level: entryLevel, message, meta }: LogEntry) => {
      logger[PINO_METHODS[entryLevel]](loggableMeta(meta), message);
    }),
    telemetryOptions: {
      logging: { filter: { core: TEMPORAL_LEVELS[level], other: 'ERROR' }, forward: {} },
      ...(metrics
        ? {
            metrics: {
              prometheus: {
                bindAddress: metrics.prometheusBindAddress,
                useSecondsForDurations: true,
                unitSuffix: true,
                countersTotalSuffix: true,
              },
            },
          }
        : {}),
    },
  });
}
