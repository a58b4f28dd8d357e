import { DefaultLogger, LogLevel, Runtime } from '@temporalio/worker';
import type { Env } from '../config/env';

const TEMPORAL_LEVELS: Record<Env['LOG_LEVEL'], LogLevel | null> = {
  trace: 'TRACE',
  debug: 'DEBUG',
  info: 'INFO',
  warn: 'WARN',
  error: 'ERROR',
  fatal: 'ERROR',
  silent: null,
};

let installed = false;

/**
 * The worker's own log (task failures, retries) follows LOG_LEVEL like the rest of the
 * service. The Temporal runtime takes its logger once per process, before the first worker.
 */
export function installRuntimeLogging(level: Env['LOG_LEVEL']): void {
  if (installed) return;
  installed = true;
  const temporalLevel = TEMPORAL_LEVELS[level];
  Runtime.install({
    logger: temporalLevel ? new DefaultLogger(temporalLevel) : new DefaultLogger('ERROR', () => undefined),
  });
}
