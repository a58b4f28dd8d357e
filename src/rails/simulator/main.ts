import { faultsFromEnv } from './fault-injector';
import { createRailsSimulator } from './rails-simulator.server';

/** The rails process: the simulator on `port`, with faults from RAILS_FAULT_* read once here. */
export async function runRailsSimulator(port: number): Promise<{ close(): Promise<void> }> {
  const faults = faultsFromEnv(process.env);
  const simulator = createRailsSimulator({ faults });
  const actualPort = await simulator.listen(port);
  process.stdout.write(
    `${JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: 'rails simulator listening', port: actualPort, faults })}\n`,
  );
  return { close: () => simulator.close() };
}
