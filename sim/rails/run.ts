import { envSchema } from '../../src/config/env';
import { faultsFromEnv } from './fault-injector';
import { createRailsSimulator } from './rails-simulator.server';

/** Where the simulator listens: RAILS_PORT and RAILS_HOST, read by the service's own schema (README, Configuration). */
export const railsAddress = (source: NodeJS.ProcessEnv) =>
  envSchema.pick({ RAILS_PORT: true, RAILS_HOST: true }).parse(source);

/** The rails process: the simulator on `port`, with faults from RAILS_FAULT_* read once here. */
export async function runRailsSimulator(port: number, host = '127.0.0.1'): Promise<{ close: () => Promise<void> }> {
  const faults = faultsFromEnv(process.env);
  const simulator = createRailsSimulator({ faults });
  const actualPort = await simulator.listen(port, host);
  process.stdout.write(
    `${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: 'rails simulator listening', host, port: actualPort, faults })}\n`,
  );
  return { close: () => simulator.close() };
}
