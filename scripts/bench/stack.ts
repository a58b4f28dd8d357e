import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ClientsService } from '../../src/auth/clients.service';
import { SecretBox } from '../../src/auth/secret-box';
import { writeClientLimits } from '../../src/capacity/client-limits';
import type { QuotaPolicies } from '../../src/config/quota-policy';
import { Env, loadEnv, TemporalBackend } from '../../src/config/env';
import { createDataSource } from '../../src/db/data-source';
import { freePort } from '../../src/infra/free-port';
import { MainProcess } from '../../dev/main-process';
import { ensureTemporalServer } from '../../dev/temporal-postgres/installation';
import { temporalConnectionOptions } from '../../src/temporal/connection-options';
import { temporalDataConverter } from '../../src/temporal/payload-codec';
import { reconcilerScheduleId } from '../../src/temporal/reconciler-schedule';
import { bundleWorkflows } from '../../src/temporal/workflow-bundle';
import { startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer } from '../shared/funded-payer';
import type { QrFlowTarget } from '../shared/qr-flow';
import { startTemporalHelper, TemporalHelperSpec } from '../shared/temporal-server';
import { startBareWorker } from './bare-worker';
import { BenchParts } from './base-stack';
import { STATEMENT_COUNTING_SETTINGS } from './database-counters';
import type { BareTarget } from './flows';
import type { BenchPids } from './process-usage';
import { startServiceProcess, stopServiceProcess } from './service-process';

export interface BenchStack {
  env: Env;
  /** What qrFlow needs, without its runId. */
  engine: Omit<QrFlowTarget, 'runId'>;
  /** What bareFlow needs, without its runId; null without the bare worker (StackOptions.bare). */
  bare: Omit<BareTarget, 'runId'> | null;
  /** The bench's own Temporal client (the footprint's histories). */
  temporal: Client;
  /** Where PostgreSQL and Temporal came from, for the report. */
  infrastructure: { database: 'embedded' | 'DATABASE_URL'; temporal: 'dev-server' | 'postgres' | 'TEMPORAL_ADDRESS' };
  /** The processes whose CPU the bench reads; null for those it did not start. */
  pids: BenchPids;
  close(): Promise<void>;
}

export interface StackOptions {
  /** The bare run's worker too (the flows run; --open needs none). */
  bare?: boolean;
  /** Settings of the service for this run (QR_EXPIRY_SECONDS…), over the environment's. */
  env?: NodeJS.ProcessEnv;
  /** Where the API and the worker write a CPU profile (node --cpu-prof) when they stop. */
  profileDir?: string;
  /** The payer's own quotas, as an operator sets them with `clients:limits` (the defaults otherwise). */
  payerQuotas?: QuotaPolicies;
}

/** Enough that no flow of any sensible run is refused for funds. */
const FUNDING_USD = '100000000.00';

/**
 * Everything `npm run bench` drives, on loopback, as production runs it: a throw-away
 * PostgreSQL (with pg_stat_statements loaded) and Temporal (the dev server, or the Temporal
 * server persisted in that PostgreSQL; neither when DATABASE_URL / TEMPORAL_ADDRESS are given),
 * and the service's processes, each `main.js <role>` of its own: the rails simulator, the order
 * worker and the API, at the service's own log level (their output is kept apart, not shown).
 * With `bare`, the bare run's worker in a process of its own too (bare-worker.ts), on a task
 * queue of its own. This process keeps the driver's side: a callback receiver, one funded payer
 * and a Temporal client. On a failed start, whatever had started is stopped again.
 */
export async function startBenchStack(
  say: (message: string) => void,
  temporalBackend: TemporalBackend,
  options: StackOptions = {},
): Promise<BenchStack> {
  const parts = new BenchParts(say);
  try {
    if (temporalBackend === 'postgres' && (process.env.TEMPORAL_ADDRESS || process.env.DATABASE_URL)) {
      throw new Error(
        '--temporal-backend postgres starts its own Temporal in the throw-away PostgreSQL: unset TEMPORAL_ADDRESS and DATABASE_URL',
      );
    }
    MainProcess.assertBuilt();
    // No balancer waits on the API's drain: it stops as soon as its requests are done.
    const settings = parts.settings({
      TEMPORAL_TASK_QUEUE: `bench-${randomUUID()}`,
      API_DRAIN_DELAY: '0s',
      ...options.env,
    });
    const database = await parts.database(settings, STATEMENT_COUNTING_SETTINGS);
    settings.DATABASE_URL = database.url;
    const pids: BenchPids = {
      api: null,
      worker: null,
      rails: null,
      bareWorker: null,
      temporal: null,
      postgres: database.pid,
    };
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
      pids.temporal = temporal.serverPid;
    }
    const env = loadEnv(settings);
    const profiled = options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', options.profileDir] : [];
    const service = async (
      role: 'api' | 'worker' | 'rails',
      extra: NodeJS.ProcessEnv,
      readyPath: string,
      nodeArgs: readonly string[] = [],
    ) => {
      const port = await freePort();
      const portName = { api: 'PORT', worker: 'WORKER_METRICS_PORT', rails: 'RAILS_PORT' }[role];
      const child = await startServiceProcess(
        role,
        { ...settings, ...extra, [portName]: String(port) },
        `http://127.0.0.1:${port}${readyPath}`,
        nodeArgs,
      );
      parts.onStop(() => stopServiceProcess(child));
      return { child, url: `http://127.0.0.1:${port}` };
    };

    // The bundle production runs (the Dockerfile's, built once; untraced, as the bench does not
    // trace), not one the worker makes at start-up: the CPU per payment a deployment pays.
    const bundle = join(mkdtempSync(join(tmpdir(), 'payments-bench-bundle-')), 'workflow-bundle.js');
    parts.onStop(async () => rmSync(dirname(bundle), { recursive: true, force: true }));
    say('bundling the workflows as the Dockerfile does…');
    writeFileSync(bundle, await bundleWorkflows());
    say('starting the rails simulator, the worker and the API, each a main.js process…');
    const rails = await service('rails', { RAILS_HOST: '127.0.0.1' }, '/health');
    settings.RAILS_URL = rails.url;
    // The worker registers the search attributes the API's workflow starts need: it polls before the API starts.
    const worker = await service(
      'worker',
      { METRICS_HOST: '127.0.0.1', WORKFLOW_BUNDLE_PATH: bundle },
      '/ready',
      profiled,
    );
    const api = await service('api', {}, '/ready', profiled);
    Object.assign(pids, {
      rails: rails.child.pid ?? null,
      worker: worker.child.pid ?? null,
      api: api.child.pid ?? null,
    });

    const connection = await Connection.connect(temporalConnectionOptions(env));
    parts.onStop(() => connection.close());
    const temporal = new Client({
      connection,
      namespace: env.TEMPORAL_NAMESPACE,
      dataConverter: temporalDataConverter(env),
    });
    // The worker ensures the order reconciler's schedule, which would outlive the run on a Temporal of one's own.
    parts.onStop(() => temporal.schedule.getHandle(reconcilerScheduleId(env.TEMPORAL_TASK_QUEUE)).delete());

    let bare: BenchStack['bare'] = null;
    if (options.bare) {
      say('starting the bare worker…');
      const taskQueue = `bench-bare-${randomUUID()}`;
      const bareWorker = await startBareWorker({ ...settings, LOG_LEVEL: 'warn' }, taskQueue);
      parts.onStop(bareWorker.stop);
      pids.bareWorker = bareWorker.pid;
      bare = { temporal, taskQueue };
    }

    const receiver = await startCallbackReceiver();
    parts.onStop(receiver.close);
    const payer = await fundedPayer(settings, api.url, options.payerQuotas ?? {});

    return {
      env,
      engine: { apiUrl: api.url, token: payer.token, receiverUrl: receiver.url, callbacks: receiver.callbacks },
      bare,
      temporal,
      infrastructure: {
        database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded',
        temporal: process.env.TEMPORAL_ADDRESS
          ? 'TEMPORAL_ADDRESS'
          : temporalBackend === 'postgres'
            ? 'postgres'
            : 'dev-server',
      },
      pids,
      close: () => parts.stopAll(),
    };
  } catch (error) {
    await parts.stopAll();
    throw error;
  }
}

/** The payer every flow pays from: a client made and funded in the database, with a token from the API process. */
async function fundedPayer(settings: NodeJS.ProcessEnv, apiUrl: string, quotas: QuotaPolicies) {
  const dataSource = await createDataSource({ url: settings.DATABASE_URL!, poolSize: 1 }).initialize();
  try {
    const registry = { clients: new ClientsService(dataSource, new SecretBox(settings.SECRETS_KEY!)), dataSource };
    const payer = await createFundedPayer(registry, apiUrl, 'Bench payer', 'USD', FUNDING_USD);
    if (Object.keys(quotas).length > 0)
      await writeClientLimits(dataSource, payer.clientId, { quotas, fairnessWeight: null });
    return payer;
  } finally {
    await dataSource.destroy();
  }
}
