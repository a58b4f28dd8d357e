import { randomUUID } from 'node:crypto';
import { freePort } from '../../src/infra/free-port';
import { LedgerService } from '../../src/ledger/ledger.service';
import { Decimal } from '../../src/money';
import { createRailsSimulator, RailsSimulator } from '../../sim/rails/rails-simulator.server';
import { CallbackReceiver, startCallbackReceiver } from './callback-receiver';
import { MainProcess } from '../../dev/main-process';
import { createTestClient, http, startTestApi, TestApi } from './test-api';
import { until } from './until';

/**
 * The api and worker as production runs them (`dist/src/main.js api` and `worker`, each with
 * its own /metrics port), with the rails simulator and a callback receiver on loopback: for
 * what only the processes do (their metrics servers, their tracing). `launch` starts them
 * another way: from the built image (test/support/built-image.ts).
 */
export interface ProcessStack {
  taskQueue: string;
  apiUrl: string;
  apiMetrics: string;
  workerMetrics: string;
  /** The worker's probes, on its metrics port: `/health`, `/ready`. */
  workerProbe(path: '/health' | '/ready'): string;
  railsUrl: string;
  api: MainProcess;
  worker: MainProcess;
  /** Starts another worker process like the first (e.g. once it has stopped), and waits until it polls. */
  startWorker(extraEnv?: NodeJS.ProcessEnv): Promise<MainProcess>;
  receiver: CallbackReceiver;
  /** A funded client of its own: an HTTP client to the api process, and its token. */
  newPayer(): Promise<ReturnType<typeof http> & { token: string }>;
  /** Polls `check` until it answers something, failing at once if a process died. */
  until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T>;
  close(): Promise<void>;
}

/** How a process of the stack starts: by default dist/src/main.js with this node. */
export type Launch = (role: 'api' | 'worker', env: NodeJS.ProcessEnv) => MainProcess;

export async function startProcessStack(
  extraEnv: NodeJS.ProcessEnv = {},
  { launch = (role, env) => new MainProcess(role, env) }: { launch?: Launch } = {},
): Promise<ProcessStack> {
  MainProcess.assertBuilt();
  const taskQueue = `orders-processes-${randomUUID()}`;
  const processes: MainProcess[] = [];
  const rails: RailsSimulator = createRailsSimulator();
  const railsUrl = `http://127.0.0.1:${await rails.listen(0)}`;
  const receiver = await startCallbackReceiver();
  const [port, apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort(), await freePort()];
  // WORKER_RECONCILER off: the reconciler would take the orders other suites leave without a
  // workflow in the shared database.
  const env = {
    ...process.env,
    TEMPORAL_TASK_QUEUE: taskQueue,
    RAILS_URL: railsUrl,
    LOG_LEVEL: 'warn',
    WORKER_RECONCILER: 'false',
    ...extraEnv,
  };
  const worker = launch('worker', { ...env, WORKER_METRICS_PORT: String(workerMetricsPort) });
  const api = launch('api', { ...env, PORT: String(port), API_METRICS_PORT: String(apiMetricsPort) });
  processes.push(worker, api);
  // Only to create and fund clients; every payment request goes to the api process.
  let setup: TestApi | undefined;

  // A process still starting refuses connections: that is a check to repeat, not a failure.
  // A process the test stopped is expected to have ended; any other that did is a failure to report at once.
  const untilServed = <T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> =>
    until(what, () => check().catch(() => undefined), {
      timeoutMs,
      alive: () => processes.filter((child) => !child.stopRequested).forEach((child) => child.assertRunning()),
    });
  const readyAt = (url: string) => async () => ((await fetch(url)).ok ? true : undefined);

  const stack: ProcessStack = {
    taskQueue,
    apiUrl: `http://127.0.0.1:${port}`,
    apiMetrics: `http://127.0.0.1:${apiMetricsPort}/metrics`,
    workerMetrics: `http://127.0.0.1:${workerMetricsPort}/metrics`,
    workerProbe: (path) => `http://127.0.0.1:${workerMetricsPort}${path}`,
    railsUrl,
    api,
    worker,
    async startWorker(extraEnv = {}) {
      const metricsPort = await freePort();
      const started = launch('worker', { ...env, WORKER_METRICS_PORT: String(metricsPort), ...extraEnv });
      processes.push(started);
      await untilServed('the new worker to poll', 120_000, readyAt(`http://127.0.0.1:${metricsPort}/ready`));
      return started;
    },
    receiver,
    async newPayer() {
      const client = await createTestClient(setup!, `Process payer ${randomUUID().slice(0, 8)}`);
      await new LedgerService(setup!.dataSource).fund(
        `test-funding:${client.clientId}:USD`,
        client.clientId,
        'USD',
        new Decimal('10000.00'),
      );
      return Object.assign(http(stack.apiUrl, client.token), { token: client.token });
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
    await untilServed('the api process to be ready', 60_000, readyAt(`${stack.apiUrl}/ready`));
    await untilServed('the worker to poll', 60_000, readyAt(stack.workerProbe('/ready')));
  } catch (error) {
    await Promise.all(processes.map((child) => child.kill()));
    await stack.close();
    throw error;
  }
  return stack;
}
