import type { INestApplication } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Connection } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createApi } from '../../src/api';
import { loadEnv } from '../../src/config/env';
import { createDataSource, migrate } from '../../src/db/data-source';
import { EmbeddedDatabase, EmbeddedDatabaseOptions, startEmbeddedDatabase } from '../../src/infra/embedded-database';
import { freePort } from '../../src/infra/free-port';
import { WorkerProcess } from '../../src/infra/worker-process';
import type { CurrencyCode } from '../../src/money';
import type { FaultConfig } from '../../src/rails/simulator/fault-injector';
import { createRailsSimulator, RailsSimulator } from '../../src/rails/simulator/rails-simulator.server';
import { startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer, FundedPayer } from '../shared/funded-payer';
import { startTemporalHelper } from '../shared/temporal-server';

export interface ChaosPayer extends FundedPayer {
  currency: CurrencyCode;
  funding: string;
}

export interface ChaosStack {
  apiUrl: string;
  railsUrl: string;
  receiver: Awaited<ReturnType<typeof startCallbackReceiver>>;
  payers: ChaosPayer[];
  /** The API's connection pool, which the audit reads through. */
  dataSource: DataSource;
  /** The API's log and each worker slot's output, kept when the audit finds something. */
  logDir: string;
  setRailFaults(faults: Partial<FaultConfig>): Promise<void>;
  /** What reached the rail while it was down or losing answers: proof the faults hit payouts. */
  railCallsUnderFaults: RailCallsUnderFaults;
  /**
   * Waits until every worker is at work, polling for a few seconds (one still bundling its
   * workflows takes a while; a minute at most), so that a kill hits a worker at work while
   * another carries on. Says how long the slot's worker took to start.
   */
  workerAtWork(slot: number): Promise<string>;
  /** SIGKILL the slot's worker and start a new one there; says which pids. */
  replaceWorker(slot: number): Promise<string>;
  /** Stop PostgreSQL, leave it stopped for `outageMs`, start it on the same port and data. */
  restartDatabase(outageMs: number): Promise<void>;
  /** Stop the Temporal server, leave it stopped for `outageMs`, start it on the same port and SQLite file. */
  restartTemporal(outageMs: number): Promise<void>;
  /** Workers that died on their own (each was replaced a second later, as a supervisor would). */
  unexpectedExits: string[];
  /** Stops everything and deletes the run's files, except the logs when `keepLogs`. */
  close(keepLogs: boolean): Promise<void>;
}

type RailFault = 'down' | 'lose_response';
type RailCall = 'payouts' | 'payout status inquiries' | 'other calls';
export type RailCallsUnderFaults = Record<RailFault, Record<RailCall, number>>;

function railCall(method: string | undefined, url: string | undefined): RailCall | null {
  const path = new URL(url ?? '/', 'http://rail').pathname;
  if (path.startsWith('/__admin')) return null;
  if (method === 'POST' && path === '/payouts') return 'payouts';
  return method === 'GET' && path.startsWith('/payouts/') ? 'payout status inquiries' : 'other calls';
}

export interface ChaosStackOptions {
  workers: number;
  payers: number;
  say(message: string): void;
}

/** What the workers and the API run with; the README's configuration table describes each. */
const SETTINGS = {
  TEMPORAL_TASK_QUEUE: 'orders-chaos',
  // A lost rail answer costs one second, not five: the run sees many of them.
  RAILS_TIMEOUT_MS: '1000',
  // Far beyond the run: no order is flagged for an operator while the rail is merely away.
  PAYOUT_RETRY_WINDOW: '1h',
  // Short, so that an order a flow gave up on before paying expires (final) before the audit.
  QR_EXPIRY_SECONDS: '120',
  ALLOW_INSECURE_CALLBACKS: 'true',
  LOG_LEVEL: 'warn',
};

const FUNDING = { currency: 'USD', amount: '1000000.00' } as const;
const WORKER_START_LIMIT_MS = 60_000;
const SUPERVISOR_RESTART_MS = 1_000;
/** A worker is killed at work: once it has polled for this long. */
const MIN_WORK_MS = 3_000;
const POLL_CHECK_MS = 250;
/** The clean-up gives each part this long to stop, so that it always ends. */
const STOP_LIMIT_MS = 20_000;

const headline = (output: string) => output.trim().split('\n').find((line) => line.trim() !== '')?.slice(0, 200) ?? '(no output)';

/**
 * The stack `npm run chaos` attacks, on loopback and free ports, its files in one temporary
 * folder: an embedded PostgreSQL and a Temporal dev server on a SQLite file (both restartable
 * in place), the rails simulator, real worker processes (`main.js worker`, SIGKILLed and
 * replaced), the API, a callback receiver and funded payers. The API, the simulator and the
 * receiver run in this process: the chaos is aimed at the parts around them.
 */
export async function startChaosStack({ workers: workerCount, payers: payerCount, say }: ChaosStackOptions): Promise<ChaosStack> {
  WorkerProcess.assertBuilt();
  const runDir = mkdtempSync(join(tmpdir(), 'payments-chaos-'));
  const logDir = join(runDir, 'logs');
  mkdirSync(logDir);

  let database: EmbeddedDatabase | undefined;
  let temporal: Awaited<ReturnType<typeof startTemporalHelper>> | undefined;
  let rails: RailsSimulator | undefined;
  let api: INestApplication | undefined;
  let receiver: ChaosStack['receiver'] | undefined;
  let connection: Connection | undefined;
  const workers: WorkerProcess[] = [];
  /** When each worker was spawned, and when it was first seen polling (or null: it never was). */
  const started = new Map<WorkerProcess, { spawnedAt: number; polling: Promise<number | null> }>();
  const unexpectedExits: string[] = [];
  // A chaos run that dies unexpectedly must not leave workers polling behind it.
  const killWorkers = () => workers.forEach((worker) => void worker.kill());
  process.once('exit', killWorkers);

  const logWorker = (slot: number, worker: WorkerProcess, fate: string) =>
    appendFileSync(join(logDir, `worker-${slot + 1}.log`), `--- pid ${worker.pid}, ${fate} ---\n${worker.recentOutput}\n`);

  let closing = false;
  const killing = new Set<WorkerProcess>();
  /** Starts a worker in the slot; one that dies on its own is noted and replaced, as a process supervisor would. */
  const spawn = (slot: number, env: NodeJS.ProcessEnv): WorkerProcess => {
    if (closing) throw new Error('the stack is closing');
    const worker = new WorkerProcess(env);
    workers[slot] = worker;
    const spawnedAt = performance.now();
    started.set(worker, { spawnedAt, polling: firstPoll(worker, spawnedAt) });
    void worker.exited.then(async () => {
      if (closing || killing.has(worker)) return;
      unexpectedExits.push(`worker ${slot + 1} (pid ${worker.pid}) exited by itself (${worker.exitDescription}): ${headline(worker.recentOutput)}`);
      logWorker(slot, worker, `exited by itself (${worker.exitDescription})`);
      await sleep(SUPERVISOR_RESTART_MS);
      if (!closing && workers[slot] === worker) spawn(slot, env);
    });
    return worker;
  };

  /** Whether Temporal has seen the worker poll its task queue (its identity is `pid@host`). */
  const isPolling = async (worker: WorkerProcess): Promise<boolean> => {
    const answer = await connection!.workflowService
      .describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: SETTINGS.TEMPORAL_TASK_QUEUE, kind: proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
        taskQueueType: proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      })
      .catch(() => null);
    return answer?.pollers?.some((poller) => poller.identity === `${worker.pid}@${hostname()}`) ?? false;
  };

  /** When the worker was first seen polling, or null if it died or did not poll within the limit. */
  async function firstPoll(worker: WorkerProcess, spawnedAt: number): Promise<number | null> {
    while (worker.running && performance.now() < spawnedAt + WORKER_START_LIMIT_MS) {
      if (await isPolling(worker)) return performance.now();
      await sleep(POLL_CHECK_MS);
    }
    return null;
  }

  /** Waits until the worker has been polling for MIN_WORK_MS (or never will); says how long its start took. */
  const atWork = async (worker: WorkerProcess): Promise<string> => {
    const { spawnedAt, polling } = started.get(worker)!;
    const pollingAt = await polling;
    if (pollingAt === null) return 'never polled';
    const busyFor = performance.now() - pollingAt;
    if (busyFor < MIN_WORK_MS) await sleep(MIN_WORK_MS - busyFor);
    return `it polled ${((pollingAt - spawnedAt) / 1000).toFixed(1)} s after its start`;
  };

  const retire = async (slot: number): Promise<WorkerProcess> => {
    const worker = workers[slot]!;
    killing.add(worker);
    await worker.kill();
    logWorker(slot, worker, `ended (${worker.exitDescription})`);
    return worker;
  };

  /** Restarts run one at a time, and the clean-up waits for the one under way. */
  let restarting: Promise<unknown> = Promise.resolve();
  const exclusively = (restart: () => Promise<void>): Promise<void> => {
    const run = restarting.then(restart);
    restarting = run.catch(() => undefined);
    return run;
  };

  const close = async (keepLogs: boolean) => {
    closing = true;
    process.off('exit', killWorkers);
    await restarting;
    const step = async (name: string, stop: (() => Promise<unknown>) | undefined) => {
      if (!stop) return;
      const outcome = await Promise.race([
        stop().then(
          () => 'stopped',
          (error: unknown) => `failed: ${String(error)}`,
        ),
        sleep(STOP_LIMIT_MS, `still running after ${STOP_LIMIT_MS / 1000} s; left behind`),
      ]);
      if (outcome !== 'stopped') say(`clean-up: stopping ${name} ${outcome}`);
    };
    await step('the workers', () => Promise.all(workers.map((_, slot) => retire(slot))));
    await step(
      'the API',
      api &&
        (() => {
          // Requests of interrupted flows would hold the server open.
          api!.getHttpServer().closeAllConnections();
          // On Ctrl-C, Nest's own shutdown hooks close the API too; the second close of its pool throws, harmlessly.
          return api!.close().catch(() => undefined);
        }),
    );
    await step('the callback receiver', receiver?.close);
    await step('the rails simulator', rails && (() => rails!.close()));
    await step('the Temporal connection', connection && (() => connection!.close()));
    await step('the Temporal server', temporal?.stop);
    await step('PostgreSQL', database?.stop);
    if (database) rmSync(database.dataDir, { recursive: true, force: true });
    for (const entry of readdirSync(runDir)) {
      if (!(keepLogs && entry === 'logs')) rmSync(join(runDir, entry), { recursive: true, force: true });
    }
    if (!keepLogs) rmSync(runDir, { recursive: true, force: true });
  };

  try {
    say(`starting PostgreSQL and a Temporal dev server (files in ${runDir})…`);
    const databaseOptions: EmbeddedDatabaseOptions = { dataDir: join(runDir, 'postgres'), port: await freePort(), database: 'payments_chaos', persistent: true };
    database = await startEmbeddedDatabase(databaseOptions);
    const temporalOptions = { dbFilename: join(runDir, 'temporal.sqlite') };
    temporal = await startTemporalHelper(temporalOptions);

    const migrator = await createDataSource({ url: database.url, poolSize: 2 }).initialize();
    await migrate(migrator);
    await migrator.destroy();

    rails = createRailsSimulator();
    const railsUrl = `http://127.0.0.1:${await rails.listen(0, '127.0.0.1')}`;
    let railFault: RailFault | null = null;
    const none = () => ({ payouts: 0, 'payout status inquiries': 0, 'other calls': 0 });
    const railCallsUnderFaults: RailCallsUnderFaults = { down: none(), lose_response: none() };
    rails.server.on('request', (request: IncomingMessage) => {
      const call = railCall(request.method, request.url);
      if (railFault && call) railCallsUnderFaults[railFault][call] += 1;
    });

    const env: NodeJS.ProcessEnv = {
      // Nothing else from this shell: a stray DATABASE_URL or TEMPORAL_TLS must not reach the stack.
      PATH: process.env.PATH,
      ...SETTINGS,
      DATABASE_URL: database.url,
      TEMPORAL_ADDRESS: temporal.address,
      RAILS_URL: railsUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
    };
    say('starting the API…');
    api = await createApi(loadEnv(env), pino.destination({ dest: join(logDir, 'api.log'), sync: false }));
    await api.listen(0, '127.0.0.1');
    const apiUrl = `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;
    receiver = await startCallbackReceiver();

    const payers: ChaosPayer[] = [];
    for (let i = 1; i <= payerCount; i++) {
      const payer = await createFundedPayer(api, apiUrl, `Chaos payer ${i}`, FUNDING.currency, FUNDING.amount);
      payers.push({ ...payer, currency: FUNDING.currency, funding: FUNDING.amount });
    }

    say(`starting ${workerCount} worker processes…`);
    connection = await Connection.connect({ address: temporal.address });
    for (let slot = 0; slot < workerCount; slot++) spawn(slot, env);
    // The first workers register the search attributes the API's workflow starts need.
    for (const worker of workers) {
      if ((await started.get(worker)!.polling) === null) throw new Error(`worker pid ${worker.pid} did not start polling: ${worker.recentOutput}`);
    }

    return {
      apiUrl,
      railsUrl,
      receiver,
      payers,
      dataSource: api.get(DataSource),
      logDir,
      railCallsUnderFaults,
      unexpectedExits,
      close,
      async setRailFaults(faults) {
        const response = await fetch(`${railsUrl}/__admin/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(faults),
        });
        if (response.status !== 200) throw new Error(`the simulator refused the faults ${JSON.stringify(faults)}: ${response.status}`);
        railFault = faults.down ? 'down' : faults.lose_response ? 'lose_response' : null;
      },
      async workerAtWork(slot) {
        const [history] = await Promise.all([workers[slot]!, ...workers.filter((_, other) => other !== slot)].map(atWork));
        return history!;
      },
      async replaceWorker(slot) {
        const killed = await retire(slot);
        return `pid ${killed.pid} killed, pid ${spawn(slot, env).pid} started`;
      },
      restartDatabase: (outageMs) =>
        exclusively(async () => {
          await database!.stop();
          await sleep(outageMs);
          if (!closing) database = await startEmbeddedDatabase(databaseOptions);
        }),
      restartTemporal: (outageMs) =>
        exclusively(async () => {
          await temporal!.stop();
          await sleep(outageMs);
          if (!closing) temporal = await startTemporalHelper({ ...temporalOptions, port: temporal!.port });
        }),
    };
  } catch (error) {
    await close(false);
    throw error;
  }
}
