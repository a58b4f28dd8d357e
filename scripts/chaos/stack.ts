import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import pino from 'pino';
import { DataSource } from 'typeorm';
import { createApi } from '../../src/api';
import { loadEnv } from '../../src/config/env';
import { createDataSource, migrate } from '../../src/db/data-source';
import { EmbeddedDatabase, EmbeddedDatabaseOptions, startEmbeddedDatabase } from '../../src/infra/embedded-database';
import { freePort } from '../../src/infra/free-port';
import type { CurrencyCode } from '../../src/money';
import { orderWorkflowId } from '../../src/orders/order-workflow-start';
import type { FaultConfig } from '../../src/rails/simulator/fault-injector';
import { createRailsSimulator, RailsSimulator } from '../../src/rails/simulator/rails-simulator.server';
import { startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer, FundedPayer } from '../shared/funded-payer';
import { startTemporalHelper } from '../shared/temporal-server';
import { countRailCallsUnderFaults, RailCallsUnderFaults } from './rail-calls';
import { WorkerPool } from './worker-pool';

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
  railCallsUnderFaults: RailCallsUnderFaults;
  workers: WorkerPool;
  /** How the order's workflow stands: RUNNING, COMPLETED, FAILED, … or NOT_FOUND. */
  workflowOf(orderId: string): Promise<string>;
  /** Writes the workflow history of each order to the logs, for whoever investigates what the audit found. */
  saveHistories(orderIds: string[]): Promise<void>;
  /** Stop PostgreSQL, leave it stopped for `outageMs`, start it on the same port and data. */
  restartDatabase(outageMs: number): Promise<void>;
  /** Stop the Temporal server, leave it stopped for `outageMs`, start it on the same port and SQLite file. */
  restartTemporal(outageMs: number): Promise<void>;
  /** Stops everything and deletes the run's files, except the logs when `keepLogs`. */
  close(keepLogs: boolean): Promise<void>;
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
/** The clean-up gives each part this long to stop, so that it always ends. */
const STOP_LIMIT_MS = 20_000;

/**
 * The stack `npm run chaos` attacks, on loopback and free ports, its files in one temporary
 * folder: an embedded PostgreSQL and a Temporal dev server on a SQLite file (both restartable
 * in place), the rails simulator, real worker processes (`main.js worker`, SIGKILLed and
 * replaced), the API, a callback receiver and funded payers. The API, the simulator and the
 * receiver run in this process: the chaos is aimed at the parts around them.
 */
export async function startChaosStack({ workers: workerCount, payers: payerCount, say }: ChaosStackOptions): Promise<ChaosStack> {
  const runDir = mkdtempSync(join(tmpdir(), 'payments-chaos-'));
  const logDir = join(runDir, 'logs');
  mkdirSync(logDir);

  let database: EmbeddedDatabase | undefined;
  let temporal: Awaited<ReturnType<typeof startTemporalHelper>> | undefined;
  let rails: RailsSimulator | undefined;
  let api: INestApplication | undefined;
  let receiver: ChaosStack['receiver'] | undefined;
  let connection: Connection | undefined;
  let workers: WorkerPool | undefined;
  let closing = false;

  /** Restarts run one at a time, and the clean-up waits for the one under way. */
  let restarting: Promise<unknown> = Promise.resolve();
  const exclusively = (restart: () => Promise<void>): Promise<void> => {
    const run = restarting.then(restart);
    restarting = run.catch(() => undefined);
    return run;
  };

  const close = async (keepLogs: boolean) => {
    closing = true;
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
    await step('the workers', workers && (() => workers!.close()));
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
    const temporalOptions = { backend: 'dev', dbFilename: join(runDir, 'temporal.sqlite') } as const;
    temporal = await startTemporalHelper(temporalOptions);

    const migrator = await createDataSource({ url: database.url, poolSize: 2 }).initialize();
    await migrate(migrator);
    await migrator.destroy();

    rails = createRailsSimulator();
    const railsUrl = `http://127.0.0.1:${await rails.listen(0, '127.0.0.1')}`;
    const railCalls = countRailCallsUnderFaults(rails.server);

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
    workers = new WorkerPool({ size: workerCount, env, connection, namespace: 'default', taskQueue: SETTINGS.TEMPORAL_TASK_QUEUE, logDir });
    await workers.start();
    const client = new Client({ connection, namespace: 'default' });

    return {
      apiUrl,
      railsUrl,
      receiver,
      payers,
      dataSource: api.get(DataSource),
      logDir,
      railCallsUnderFaults: railCalls.counts,
      workers,
      close,
      async setRailFaults(faults) {
        const response = await fetch(`${railsUrl}/__admin/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(faults),
        });
        if (response.status !== 200) throw new Error(`the simulator refused the faults ${JSON.stringify(faults)}: ${response.status}`);
        railCalls.faultIs(faults.down ? 'down' : faults.lose_response ? 'lose_response' : null);
      },
      async workflowOf(orderId) {
        try {
          return (await client.workflow.getHandle(orderWorkflowId(orderId)).describe()).status.name;
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return 'NOT_FOUND';
          throw error;
        }
      },
      async saveHistories(orderIds) {
        for (const orderId of orderIds) {
          const history = await client.workflow.getHandle(orderWorkflowId(orderId)).fetchHistory();
          writeFileSync(join(logDir, `order-${orderId}.history.json`), `${historyToJSON(history)}\n`);
        }
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
