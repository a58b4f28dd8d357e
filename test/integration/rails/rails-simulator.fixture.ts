import { createRails } from '../../../src/rails/rails.factory';
import type { MovementRoute, Rails } from '../../../src/rails/rails.port';
import { createRailsSimulator, type RailsSimulatorOptions } from '../../../sim/rails/rails-simulator.server';

export interface RunningSimulator {
  baseUrl: string;
  adapter(timeoutMs?: number): Rails;
  admin(method: 'POST' | 'DELETE', body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** Where the tests' key payouts (to a Brazilian key) and their refunds travel: Pix SPI. */
export const BR_KEY: MovementRoute = { country: 'BR', via: 'KEY' };

/** The simulator on an ephemeral loopback port, plus adapters pointed at it. */
export async function startSimulator(options: RailsSimulatorOptions = {}): Promise<RunningSimulator> {
  const simulator = createRailsSimulator(options);
  const port = await simulator.listen(0);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    adapter: (timeoutMs = 2000) => createRails(baseUrl, timeoutMs),
    admin: (method, body) =>
      fetch(`${baseUrl}/__admin/faults`, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    close: () => simulator.close(),
  };
}
