import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import pino from 'pino';
import { createBenchBareActivities } from './bare.activities';
import { Env, loadEnv, TemporalBackend } from '../../src/config/env';
import { ensureTemporalServer } from '../../src/infra/temporal-postgres/installation';
import { createOrderWorker } from '../../src/processes/worker.process';
import { createRailsSimulator } from '../../src/rails/simulator/rails-simulator.server';
import { temporalConnectionOptions } from '../../src/temporal/connection-options';
import { reconcilerScheduleId } from '../../src/temporal/reconciler-schedule';
import { registerSearchAttributes } from '../../src/temporal/search-attributes';
import { installTemporalRuntime } from '../../src/temporal/runtime';
import { MainProcess } from '../../src/infra/main-process';
import { startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer, registryOf } from '../shared/funded-payer';
import type { QrFlowTarget } from '../shared/qr-flow';
import { startTemporalHelper, TemporalHelperSpec } from '../shared/temporal-server';
import { BenchParts } from './base-stack';
import type { BareTarget } from './flows';

export interface BenchStack {
  env: Env;
  /** What qrFlow and bareFlow need, without their runId. */
  engine: Omit<QrFlowTarget, 'runId'>;
  bare: Omit<BareTarget, 'runId'>;
  /** Where PostgreSQL and Temporal came from, for the report. */
  infrastructure: { database: 'embedded' | 'DATABASE_URL'; temporal: 'dev-server' | 'postgres' | 'TEMPORAL_ADDRESS' };
  /** The processes whose CPU the bench measures, when it started them. */
  pids: { temporalServer: number | null; postgres: number | null };
  /** The worker's own process, when it runs in one (StackOptions.workerProcess). */
  workerPid: number | null;
  close(): Promise<void>;
}

export interface StackOptions {
  /**
   * Runs the worker as `main.js worker`, a process of its own as in production, whose memory
   * the bench can then read apart from the API's; it runs the service's workflows only.
   */
  workerProcess?: boolean;
  /** Settings of the service for this run (QR_EXPIRY_SECONDS…), over the environment's. */
  env?: NodeJS.ProcessEnv;
}

/** Enough that no flow of any sensible run is refused for funds. */
const FUNDING_USD = '100000000.00';

/**
 * Everything `npm run bench` drives, in this one process and on loopback: a throw-away
 * PostgreSQL and Temporal (the dev server, or the Temporal server persisted in that PostgreSQL;
 * neither when DATABASE_URL / TEMPORAL_ADDRESS are given), the rails simulator, the order
 * worker (with the bare run's no-op activity), the API, a callback receiver and one funded
 * payer. Their logs go to stderr: stdout is the report's. On a failed start, whatever had
 * started is stopped again.
 */
export async function startBenchStack(say: (message: string) => void, temporalBackend: TemporalBackend, options: StackOptions = {}): Promise<BenchStack> {
  const parts = new BenchParts(say);
  try {
    if (temporalBackend === 'postgres' && (process.env.TEMPORAL_ADDRESS || process.env.DATABASE_URL)) {
      throw new Error('--temporal-backend postgres starts its own Temporal in the throw-away PostgreSQL: unset TEMPORAL_ADDRESS and DATABASE_URL');
    }
    const settings = parts.settings({ TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`, ...options.env });
    const database = await parts.database(settings);
    settings.DATABASE_URL = database.url;
    const pids: BenchStack['pids'] = { temporalServer: null, postgres: database.pid };
    if (!settings.TEMPORAL_ADDRESS) {
      let spec: TemporalHelperSpec = { backend: 'dev' };
      if (temporalBackend === 'postgres') {
        const binaries = await ensureTemporalServer(say);
        const runDir = mkdtempSync(join(tmpdir(), 'payments-bench-temporal-'));
        parts.onStop(async () => rmSync(runDir, { recursive: true, force: true }));
        spec = { backend: 'postgres', binaries, databaseUrl: settings.DATABASE_URL, runDir };
        say('starting a throw-away Temporal server on that PostgreSQL…');
      } else {
        say('starting a throw-away Temporal dev server…');
      }
      const temporal = await startTemporalHelper(spec);
      parts.onStop(temporal.stop);
      settings.TEMPORAL_ADDRESS = temporal.address;
      pids.temporalServer = temporal.serverPid;
    }

    const rails = createRailsSimulator();
    settings.RAILS_URL = `http://127.0.0.1:${await rails.listen(0, '127.0.0.1')}`;
    parts.onStop(() => rails.close());
    const env = loadEnv(settings);

    say('starting the worker (bundling the workflows)…');
    const logs = pino.destination(2);
    installTemporalRuntime(env.LOG_LEVEL, { destination: logs });
    let workerPid: number | null = null;
    // The bare run's own connection, as the API has its own.
    const connection = await Connection.connect(temporalConnectionOptions(env));
    parts.onStop(() => connection.close());
    if (options.workerProcess) {
      // The worker process registers them too, but the API would start orders before it has.
      await registerSearchAttributes(connection, env.TEMPORAL_NAMESPACE);
      MainProcess.assertBuilt();
      const worker = new MainProcess('worker', settings);
      parts.onStop(() => worker.kill());
      workerPid = worker.pid ?? null;
    } else {
      const { worker, close: closeWorker } = await createOrderWorker(env, env.TEMPORAL_TASK_QUEUE, {
        extension: { workflowsPath: require.resolve('./workflows'), activities: createBenchBareActivities() },
      });
      parts.onStop(closeWorker);
      const running = worker.run();
      parts.onStop(() => {
        worker.shutdown();
        return running;
      });
    }

    const { api, apiUrl } = await parts.api(env, logs);

    const receiver = await startCallbackReceiver();
    parts.onStop(receiver.close);

    const payer = await createFundedPayer(registryOf(api), apiUrl, 'Bench payer', 'USD', FUNDING_USD);

    const temporal = new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
    // A worker process ensures the order reconciler's schedule, which would outlive the run on a Temporal of one's own.
    if (workerPid !== null) parts.onStop(() => temporal.schedule.getHandle(reconcilerScheduleId(env.TEMPORAL_TASK_QUEUE)).delete());

    return {
      env,
      engine: { apiUrl, token: payer.token, receiverUrl: receiver.url, callbacks: receiver.callbacks },
      bare: { temporal, taskQueue: env.TEMPORAL_TASK_QUEUE },
      infrastructure: {
        database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
        temporal: process.env.TEMPORAL_ADDRESS ? 'TEMPORAL_ADDRESS' : temporalBackend === 'postgres' ? 'postgres' : 'dev-server',
      },
      pids,
      workerPid,
      close: () => parts.stopAll(),
    };
  } catch (error) {
    await parts.stopAll();
    throw error;
  }
}
