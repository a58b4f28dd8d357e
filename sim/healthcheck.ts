import { askEach, reachable, runHealthcheck } from '../src/healthcheck';
import { railsAddress } from './rails/run';

/**
 * The sandbox image's health check (the Dockerfile's `sandbox` stage): `node
 * dist/sim/healthcheck.js` asks the rails simulator beside it for /health, on the port and
 * address it listens on, and exits 0 when it answers 200. The production image's check
 * (src/healthcheck.ts) knows no simulator.
 */
export function railsProbeUrl(source: NodeJS.ProcessEnv): string {
  const { RAILS_PORT, RAILS_HOST } = railsAddress(source);
  return `http://${reachable(RAILS_HOST)}:${RAILS_PORT}/health`;
}

if (require.main === module) runHealthcheck((say) => askEach([railsProbeUrl(process.env)], say));
