import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { createBenchNoopActivities } from './noop.activities';
import { createApi } from '../../src/api';
import { Env, loadEnv } from '../../src/config/env';
import { createDataSource, migrate } from '../../src/db/data-source';
import { startEmbeddedDatabase } from '../../src/infra/embedded-database';
import { freePort } from '../../src/infra/free-port';
import { createOrderWorker } from '../../src/processes/worker.process';
import { createRailsSimulator } from '../../src/rails/simulator/rails-simulator.server';
import { temporalConnectionOptions } from '../../src/temporal/connection-options';
import type { BenchNoopDelivery } from './noop.workflow';
import { startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer } from '../shared/funded-payer';
import { Mailbox } from '../shared/mailbox';
import type { QrFlowTarget } from '../shared/qr-flow';
import { startTemporalHelper } from '../shared/temporal-server';
import type { CeilingTarget } from './flows';

export interface BenchStack {
  env: Env;
  /** What qrFlow and ceilingFlow need, without their runId. */
  engine: Omit<QrFlowTarget, 'runId'>;
  ceiling: Omit<CeilingTarget, 'runId'>;
  /** Where PostgreSQL and Temporal came from, for the report. */
  infrastructure: { database: 'embedded' | 'DATABASE_URL'; temporal: 'embedded' | 'TEMPORAL_ADDRESS' };
  close(): Promise<void>;
}

/** Enough that no flow of any sensible run is refused for funds. */
const FUNDING_USD = '100000000.00';

/**
 * Everything `npm run bench` drives, in this one process and on loopback: a throw-away
 * PostgreSQL and Temporal dev server (unless DATABASE_URL / TEMPORAL_ADDRESS are given), the
 * rails simulator, the order worker (with the ceiling's no-op activities), the API, a callback
 * receiver and one funded payer. On a failed start, whatever had started is stopped again.
 */
export async function startBenchStack(say: (message: string) => void): Promise<BenchStack> {
  const stops: Array<() => Promise<unknown>> = [];
  const close = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => say(`clean-up step failed: ${error}`));
  };

  try {
    const settings: NodeJS.ProcessEnv = {
      ...process.env,
      // Request logs would drown stdout's table; errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ALLOW_INSECURE_CALLBACKS: 'true',
      TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
    };
    if (!settings.DATABASE_URL) {
      say('starting a throw-away PostgreSQL…');
      const database = await startEmbeddedDatabase({
        dataDir: mkdtempSync(join(tmpdir(), 'payments-bench-pg-')),
        port: await freePort(),
        database: 'payments_bench',
        persistent: false,
      });
      stops.push(database.stop);
      settings.DATABASE_URL = database.url;
    }
    if (!settings.TEMPORAL_ADDRESS) {
      say('starting a throw-away Temporal dev server…');
      const temporal = await startTemporalHelper();
      stops.push(temporal.stop);
      settings.TEMPORAL_ADDRESS = temporal.address;
    }

    const migrator = await createDataSource({ url: settings.DATABASE_URL, poolSize: 2 }).initialize();
    await migrate(migrator);
    await migrator.destroy();

    const rails = createRailsSimulator();
    settings.RAILS_URL = `http://127.0.0.1:${await rails.listen(0, '127.0.0.1')}`;
    stops.push(() => rails.close());
    const env = loadEnv(settings);

    say('starting the worker (bundling the workflows)…');
    const deliveries: CeilingTarget['deliveries'] = new Mailbox();
    const onDelivered = ({ orderId, event }: BenchNoopDelivery) => deliveries.post(orderId, { event, at: performance.now() });
    const { worker, close: closeWorker } = await createOrderWorker(env, env.TEMPORAL_TASK_QUEUE, {
      extension: { workflowsPath: require.resolve('./workflows'), activities: createBenchNoopActivities(onDelivered) },
    });
    stops.push(closeWorker);
    const running = worker.run();
    stops.push(() => {
      worker.shutdown();
      return running;
    });

    const api = await createApi(env);
    await api.listen(0, '127.0.0.1');
    stops.push(() => api.close());
    const apiUrl = `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}`;

    const receiver = await startCallbackReceiver();
    stops.push(receiver.close);

    const payer = await createFundedPayer(api, apiUrl, 'Bench payer', 'USD', FUNDING_USD);

    // The ceiling's own connection, as the API has its own.
    const connection = await Connection.connect(temporalConnectionOptions(env));
    stops.push(() => connection.close());

    return {
      env,
      engine: { apiUrl, token: payer.token, receiverUrl: receiver.url, callbacks: receiver.callbacks },
      ceiling: {
        temporal: new Client({ connection, namespace: env.TEMPORAL_NAMESPACE }),
        taskQueue: env.TEMPORAL_TASK_QUEUE,
        clientId: payer.clientId,
        deliveries,
      },
      infrastructure: {
        database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
        temporal: process.env.TEMPORAL_ADDRESS ? 'TEMPORAL_ADDRESS' : 'embedded',
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
