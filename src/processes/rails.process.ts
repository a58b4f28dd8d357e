import { envSchema } from '../config/env';
import { runRailsSimulator } from '../rails/simulator/main';

/** The upstream-rail simulator; it needs none of the service's own configuration. */
export async function runRails(): Promise<void> {
  const { RAILS_PORT } = envSchema.pick({ RAILS_PORT: true }).parse(process.env);
  const simulator = await runRailsSimulator(RAILS_PORT);
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
