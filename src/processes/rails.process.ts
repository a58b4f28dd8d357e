import { envSchema } from '../config/env';
import { runRailsSimulator } from '../rails/simulator/main';

/** The upstream-rail simulator; it needs none of the service's own configuration. */
export async function runRails(): Promise<void> {
  const { RAILS_PORT, RAILS_HOST } = envSchema.pick({ RAILS_PORT: true, RAILS_HOST: true }).parse(process.env);
  const simulator = await runRailsSimulator(RAILS_PORT, RAILS_HOST);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
