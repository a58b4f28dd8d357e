import type { MetricsSource } from './exposition';

/**
 * The Temporal SDK's own worker series (`temporal_*`: task slots, pollers, schedule-to-start
 * and execution latencies, failures), read from the runtime's Prometheus exporter at `url`.
 * That exporter binds a port of its own; reading it here lets one worker endpoint carry both.
 */
export function temporalRuntimeSource(url: string, timeoutMs = 2_000): MetricsSource {
  return {
    name: 'temporal_runtime',
    async read() {
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return response.text();
    },
  };
}
