import { railsAddress, runRailsSimulator } from './rails/run';

/**
 * The harness's entry: `node dist/sim/main.js rails`, the upstream-rails simulator, which npm
 * start, the tests' process stacks, the bench and the sandbox image (the Dockerfile's `sandbox`
 * stage) run. It lives outside src/ so that the production image ships none of it: src/main.js
 * has no rails role. It needs none of the service's own configuration.
 */
const roles = {
  rails: async () => {
    const { RAILS_PORT, RAILS_HOST } = railsAddress(process.env);
    const simulator = await runRailsSimulator(RAILS_PORT, RAILS_HOST);
    const stop = () => void simulator.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  },
};

const role = process.argv[2];
if (role !== 'rails') {
  process.stderr.write(`usage: sim/main.js <${Object.keys(roles).join('|')}>\n`);
  process.exit(2);
}

roles[role]().catch((error: unknown) => {
  process.stderr.write(`${role} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
