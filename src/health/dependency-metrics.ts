import { Gauge, Registry } from 'prom-client';
import { DEPENDENCIES, Readiness } from './readiness';
import type { MetricsSource } from '../observability/exposition';

/** Whether PostgreSQL and Temporal answer this api replica, asked at scrape time as /ready asks them. */
export function dependencySource(readiness: Readiness): MetricsSource {
  const registry = new Registry();
  const up = new Gauge({
    name: 'cbp_dependency_up',
    help: 'Whether the dependency answered this process within 2 s when scraped (1) or not (0).',
    labelNames: ['dependency'] as const,
    registers: [registry],
  });
  return {
    name: 'dependencies',
    async read() {
      const states = await readiness.dependencies();
      for (const dependency of DEPENDENCIES) up.set({ dependency }, states[dependency] ? 1 : 0);
      return registry.metrics();
    },
  };
}
