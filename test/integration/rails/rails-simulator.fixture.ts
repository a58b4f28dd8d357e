import { RailsHttpAdapter } from '../../../src/rails/rails-http.adapter';
import { createRailsSimulator, type RailsSimulatorOptions } from '../../../src/rails/simulator/rails-simulator.server';

export interface RunningSimulator {
  baseUrl: string;
  adapter(timeoutMs?: number): RailsHttpAdapter;
  admin(method: 'POST' | 'DELETE', body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** The simulator on an ephemeral loopback port, plus adapters pointed at it. */
export async function startSimulator(options: RailsSimulatorOptions = {}): Promise<RunningSimulator> {
  const simulator = createRailsSimulator(options);
  const port = await simulator.listen(0);
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    adapter: (timeoutMs = 2000) => new RailsHttpAdapter(baseUrl, timeoutMs),
    admin: (method, body) =>
      fetch(`${baseUrl}/__admin/faults`, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    close: () => simulator.close(),
  };
}
