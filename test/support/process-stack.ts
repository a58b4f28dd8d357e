import { randomUUID } from 'node:crypto';
import { freePort } from '../../src/infra/free-port';
import { LedgerService } from '../../src/ledger/ledger.service';
import { Decimal } from '../../src/money';
import { createRailsSimulator, RailsSimulator } from '../../src/rails/simulator/rails-simulator.server';
import { CallbackReceiver, startCallbackReceiver } from './callback-receiver';
import { MainProcess } from '../../src/infra/main-process';
import { createTestClient, http, startTestApi, TestApi } from './test-api';
import { until } from './until';

/**
 * The api and worker as production runs them (`dist/src/main.js api` and `worker`, each with
 * its own /metrics port), with the rails simulator and a callback receiver on loopback: for
 * what only the processes do (their metrics servers, their tracing).
 */
export interface ProcessStack {
  taskQueue: string;
  apiUrl: string;
  apiMetrics: string;
  workerMetrics: string;
  receiver: CallbackReceiver;
  /** A funded client of its own and an HTTP client to the api process. */
  newPayer(): Promise<ReturnType<typeof http>>;
  /** Polls `check` until it answers something, failing at once if a process died. */
  until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T>;
  close(): Promise<void>;
}

export async function startProcessStack(extraEnv: NodeJS.ProcessEnv = {}): Promise<ProcessStack> {
  MainProcess.assertBuilt();
  const taskQueue = `orders-processes-${randomUUID()}`;
  const processes: MainProcess[] = [];
  const rails: RailsSimulator = createRailsSimulator();
  const railsUrl = `http://127.0.0.1:${await rails.listen(0)}`;
  const receiver = await startCallbackReceiver();
  const [port, apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
  const env = { ...process.env, TEMPORAL_TASK_QUEUE: taskQueue, RAILS_URL: railsUrl, LOG_LEVEL: 'warn', ...extraEnv };
  processes.push(new MainProcess('worker', { ...env, WORKER_METRICS_PORT: String(workerMetricsPort) }));
  processes.push(new MainProcess('api', { ...env, PORT: String(port), API_METRICS_PORT: String(apiMetricsPort) }));
  // Only to create and fund clients; every payment request goes to the api process.
  let setup: TestApi | undefined;

  // A process still starting refuses connections: that is a check to repeat, not a failure.
  const untilServed = <T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> =>
    until(what, () => check().catch(() => undefined), { timeoutMs, alive: () => processes.forEach((child) => child.assertRunning()) });

  const stack: ProcessStack = {
    taskQueue,
    apiUrl: `http://127.0.0.1:${port}`,
    apiMetrics: `http://127.0.0.1:${apiMetricsPort}/metrics`,
    workerMetrics: `http://127.0.0.1:${workerMetricsPort}/metrics`,
    receiver,
    async newPayer() {
      const client = await createTestClient(setup!, `Process payer ${randomUUID().slice(0, 8)}`);
      await new LedgerService(setup!.dataSource).fund(`test-funding:${client.clientId}:USD`, client.clientId, 'USD', new Decimal('10000.00'));
      return http(stack.apiUrl, client.token);
    },
    until: untilServed,
    async close() {
      // SIGTERM, so that each process shuts down as under a supervisor (and sends what it buffers).
      await Promise.all(processes.map((child) => child.stop()));
      await setup?.close();
      await receiver.close();
      await rails.close();
    },
  };
  try {
    setup = await startTestApi({ RAILS_URL: railsUrl, TEMPORAL_TASK_QUEUE: taskQueue });
    await untilServed('the api process to be healthy', 60_000, async () => ((await fetch(`${stack.apiUrl}/health`)).ok ? true : undefined));
    await untilServed('the worker to serve its metrics', 60_000, async () => ((await fetch(stack.workerMetrics)).ok ? true : undefined));
  } catch (error) {
    await Promise.all(processes.map((child) => child.kill()));
    await stack.close();
    throw error;
  }
  return stack;
}
