import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { temporal as proto } from '@temporalio/proto';
import { DataSource } from 'typeorm';
import { ClientsService } from '../../src/auth/clients.service';
import { SecretBox } from '../../src/auth/secret-box';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';
import { createDataSource, migrate } from '../../src/db/data-source';
import { freePort } from '../../src/infra/free-port';
import type { MainProcess } from '../../dev/main-process';
import { ensureTemporalServer, TEMPORAL_SERVER_VERSION } from '../../dev/temporal-postgres/installation';
import type { CurrencyCode } from '../../src/money';
import { orderWorkflowId } from '../../src/orders/order-workflow-start';
import type { FaultConfig } from '../../sim/rails/fault-injector';
import { decodedHistory } from '../../src/temporal/history-codec';
import { temporalDataConverter } from '../../src/temporal/payload-codec';
import { CallbackReceiver, startCallbackReceiver } from '../shared/callback-receiver';
import { createFundedPayer, FundedPayer } from '../shared/funded-payer';
import { startTemporalHelper, TemporalHelper, TemporalHelperSpec } from '../shared/temporal-server';
import { Balancer } from './balancer';
import type { BundleName, Bundles } from './bundles';
import { DatabaseHelper, DatabaseHelperSpec, startDatabaseHelper } from './database-helper';
import type { Network } from './network';
import { Component, EDGE, LINK_RANGE, linkBetween, Server } from './network-layout';
import { ProcessPool } from './process-pool';
import { RailCallsUnderFaults } from './rail-calls';
import { RailsHost, startRailsHost } from './rails-host';

export interface ChaosPayer extends FundedPayer {
  currency: CurrencyCode;
  funding: string;
}

/** What the report says the run ran on. */
export interface TopologyDescription {
  apis: number;
  workers: number;
  temporal: string;
  /** Whether each component had a network namespace of its own (the partitions plan). */
  networkNamespaces: boolean;
}

export interface Topology {
  description: TopologyDescription;
  /** The balancer in front of the API replicas: where integrators send their requests. */
  apiUrl: string;
  balancer: Balancer;
  receiver: CallbackReceiver;
  payers: ChaosPayer[];
  /** This process's own connection to PostgreSQL, for the progress, the settling and the audit. */
  dataSource: DataSource;
  /** The rails simulator's URL from here (its admin routes). */
  railsUrl: string;
  railCalls: RailCallsUnderFaults;
  apis: ProcessPool<'deployed'>;
  workers: ProcessPool<BundleName>;
  /** The partitions plan's network; null for the others. */
  network: Network | null;
  /** The /metrics of each worker alive now. */
  workerMetricsUrls(): string[];
  /** Where logs go, kept when the audit finds something. */
  logDir: string;
  /** The order's workflow history, its payloads decrypted. */
  orderHistory(orderId: string): Promise<proto.api.history.v1.IHistory>;
  temporal: Client;
  /** Runs `npm run cli -- <args>` against this topology's database, as an operator would; resolves with its stdout. */
  runCli(args: readonly string[]): Promise<string>;
  /** Sets the rail's faults; `atMs` (after the drive started) opens or closes a fault window. */
  setRailFaults(faults: Partial<FaultConfig>, atMs: number): Promise<void>;
  /** How the order's workflow stands: RUNNING, COMPLETED, FAILED, … or NOT_FOUND. */
  workflowOf(orderId: string): Promise<string>;
  /** Writes the workflow history of each order to the logs, for whoever investigates what the audit found. */
  saveHistories(orderIds: string[]): Promise<void>;
  /** Stop PostgreSQL, leave it stopped for `outageMs`, start it on the same port and data. */
  restartDatabase(outageMs: number): Promise<void>;
  /** Stop the Temporal server, leave it stopped for `outageMs`, start it on the same port and database. */
  restartTemporal(outageMs: number): Promise<void>;
  /** Stops everything and deletes the run's files, except the logs when `keepLogs`. */
  close(keepLogs: boolean): Promise<void>;
}

export interface TopologyOptions {
  apis: number;
  workers: number;
  /** The funded payers' names, one client each. */
  payers: readonly string[];
  /** The workflow bundles the workers may run (written beforehand); the first workers run `deployed`. */
  bundles: Bundles;
  /** Each component in a network namespace of its own (the partitions plan), or all on loopback. */
  network: Network | null;
  /** Extra environment of the API and worker processes (the plan's drain delays and graces), over SETTINGS. */
  serviceEnv: NodeJS.ProcessEnv;
  /** The Temporal server's dynamic config; the service's own (DYNAMIC_CONFIG) when absent. */
  temporalDynamicConfig?: Readonly<Record<string, unknown>>;
  runDir: string;
  say: (message: string) => void;
}

/** The task queue of the chaos topology's orders. */
export const CHAOS_TASK_QUEUE = 'orders-chaos';

/** What the workers and the APIs run with; the README's configuration table describes each. */
const SETTINGS = {
  TEMPORAL_TASK_QUEUE: CHAOS_TASK_QUEUE,
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
const DATABASE_NAME = 'payments_chaos';
/** Inside a namespace of its own, each server takes its usual port. */
const NAMESPACE_PORTS = { postgres: 5432, temporal: 7233, api: 3000, workerMetrics: 9465 } as const;
/** A replica not in rotation, or a worker not polling, this long after its start never will. */
const START_LIMIT_MS = 180_000;
const POLL_CHECK_MS = 250;
/** The clean-up gives each part this long to stop, so that it always ends. */
const STOP_LIMIT_MS = 20_000;

/** Whether Temporal has seen `worker` poll `taskQueue` (its identity is `pid@host`). */
async function isPolling(connection: Connection, taskQueue: string, worker: MainProcess): Promise<boolean> {
  const answer = await connection.workflowService
    .describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: taskQueue, kind: proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
      taskQueueType: proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    })
    .catch(() => null);
  return answer?.pollers?.some((poller) => poller.identity === `${worker.pid}@${hostname()}`) ?? false;
}

async function firstPoll(connection: Connection, worker: MainProcess): Promise<number | null> {
  const deadline = performance.now() + START_LIMIT_MS;
  while (worker.running && performance.now() < deadline) {
    if (await isPolling(connection, SETTINGS.TEMPORAL_TASK_QUEUE, worker)) return performance.now();
    await sleep(POLL_CHECK_MS);
  }
  return null;
}

/** Swaps the host of a URL or `host:port` the server reported on its own loopback for the address `client` reaches it at. */
function reached(network: Network | null, client: Component, server: Server): string {
  return network ? linkBetween(network.layout, client, server).server.address : '127.0.0.1';
}

const withHost = (url: string, host: string) => {
  const parsed = new URL(url);
  parsed.hostname = host;
  return parsed.toString();
};

/**
 * The production topology `npm run chaos` attacks: PostgreSQL, the Temporal server persisted in
 * it (not the dev server), the rails simulator, API replicas and workers, each its own process
 * (`main.js api`, `main.js worker`), the API replicas behind this process's balancer, a callback
 * receiver and funded payers. On loopback and free ports, its files in one temporary folder; or,
 * given a network, each component in its own network namespace, every client reaching every
 * server over a link of its own.
 */
export async function startTopology(options: TopologyOptions): Promise<Topology> {
  const { network, say, runDir } = options;
  const logDir = join(runDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const wrapper = (component: Component) => (network ? network.wrapper(component) : []);

  let database: DatabaseHelper | undefined;
  let temporalServer: TemporalHelper | undefined;
  let rails: RailsHost | undefined;
  let dataSource: DataSource | undefined;
  let connection: Connection | undefined;
  let receiver: Topology['receiver'] | undefined;
  let apis: ProcessPool<'deployed'> | undefined;
  let workers: ProcessPool<BundleName> | undefined;
  const balancer = new Balancer();
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
    await step('the balancer', () => balancer.close());
    await step('the API replicas', apis && (() => apis!.close()));
    await step('the workers', workers && (() => workers!.close()));
    await step('the callback receiver', receiver?.close);
    await step('the rails simulator', rails?.stop);
    await step('the Temporal connection', connection && (() => connection!.close()));
    await step('the Temporal server', temporalServer?.stop);
    await step('the database connection', dataSource && (() => dataSource!.destroy()));
    await step('PostgreSQL', database?.stop);
    await step('the network namespaces', network ? () => network.destroy() : undefined);
    if (database) rmSync(database.dataDir, { recursive: true, force: true });
    for (const entry of readdirSync(runDir)) {
      if (!(keepLogs && entry === 'logs')) rmSync(join(runDir, entry), { recursive: true, force: true });
    }
    if (!keepLogs) rmSync(runDir, { recursive: true, force: true });
  };

  try {
    const binaries = await ensureTemporalServer(say);
    say(`starting PostgreSQL and the Temporal server ${TEMPORAL_SERVER_VERSION} on it (files in ${runDir})…`);
    const databaseSpec: DatabaseHelperSpec = {
      dataDir: join(runDir, 'postgres'),
      port: network ? NAMESPACE_PORTS.postgres : await freePort(),
      database: DATABASE_NAME,
      ...(network ? { listenAddresses: '*', allowNetworks: [LINK_RANGE] } : {}),
    };
    database = await startDatabaseHelper(databaseSpec, wrapper('postgres'));
    const databaseUrlFor = (client: Component) => withHost(database!.url, reached(network, client, 'postgres'));

    const temporalSpec: TemporalHelperSpec = {
      backend: 'postgres',
      binaries,
      databaseUrl: withHost(database.url, reached(network, 'temporal', 'postgres')),
      runDir: join(runDir, 'temporal'),
      ...(network ? { port: NAMESPACE_PORTS.temporal, listenAddress: '0.0.0.0' } : {}),
      ...(options.temporalDynamicConfig ? { dynamicConfig: options.temporalDynamicConfig } : {}),
    };
    temporalServer = await startTemporalHelper(temporalSpec, wrapper('temporal'));
    const temporalFor = (client: Component) => `${reached(network, client, 'temporal')}:${temporalServer!.port}`;

    dataSource = await createDataSource({ url: databaseUrlFor(EDGE), poolSize: 3 }).initialize();
    await migrate(dataSource);

    const railCalls = new RailCallsUnderFaults();
    rails = await startRailsHost((call) => railCalls.record(call), wrapper('rails'));
    const railsFor = (client: Component) => `http://${reached(network, client, 'rails')}:${rails!.port}`;

    receiver = await startCallbackReceiver(network ? network.layout.receiver.address : '127.0.0.1');
    const secrets = {
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      TEMPORAL_PAYLOAD_KEYS: `chaos:${randomBytes(32).toString('base64')}`,
    };
    const envOf = (component: Component): NodeJS.ProcessEnv => ({
      // Nothing else from this shell: a stray DATABASE_URL or TEMPORAL_TLS must not reach the topology.
      PATH: process.env.PATH,
      ...SETTINGS,
      ...options.serviceEnv,
      ...secrets,
      DATABASE_URL: databaseUrlFor(component),
      TEMPORAL_ADDRESS: temporalFor(component),
      RAILS_URL: railsFor(component),
    });

    connection = await Connection.connect({ address: temporalFor(EDGE) });
    const temporal = new Client({ connection, namespace: 'default', dataConverter: temporalDataConverter(secrets) });
    const orderHistory = async (orderId: string) =>
      decodedHistory(
        await temporal.workflow.getHandle(orderWorkflowId(orderId)).fetchHistory(),
        temporal.options.loadedDataConverter.payloadCodecs,
      );

    say(`starting ${options.workers} worker processes…`);
    const workerMetrics = new Map<number, string>();
    workers = new ProcessPool<BundleName>({
      role: 'worker',
      size: options.workers,
      variant: 'deployed',
      logDir,
      launch: async (slot, bundle) => {
        const component: Component = `worker-${slot + 1}`;
        const path = options.bundles[bundle];
        if (!path) throw new Error(`no ${bundle} workflow bundle was written`);
        // Its /metrics, where this process reads what its activities took: inside its namespace on every address, else a free loopback port.
        const metrics = network
          ? { WORKER_METRICS_PORT: String(NAMESPACE_PORTS.workerMetrics), METRICS_HOST: '0.0.0.0' }
          : { WORKER_METRICS_PORT: String(await freePort()), METRICS_HOST: '127.0.0.1' };
        const host = network ? linkBetween(network.layout, component, EDGE).client.address : '127.0.0.1';
        workerMetrics.set(slot, `http://${host}:${metrics.WORKER_METRICS_PORT}/metrics`);
        return { env: { ...envOf(component), ...metrics, WORKFLOW_BUNDLE_PATH: path }, wrapper: wrapper(component) };
      },
      ready: (worker) => firstPoll(connection!, worker),
    });
    // The first workers register the search attributes the API's workflow starts need.
    await workers.start();

    say(`starting ${options.apis} API replicas behind the balancer…`);
    const apiUrl = await balancer.listen();
    const replicaIds = new Map<MainProcess, string>();
    const replicaUrls = new Map<number, string>();
    apis = new ProcessPool<'deployed'>({
      role: 'api',
      size: options.apis,
      variant: 'deployed',
      logDir,
      launch: async (slot) => {
        const component: Component = `api-${slot + 1}`;
        const port = network ? NAMESPACE_PORTS.api : await freePort();
        const link = network ? linkBetween(network.layout, EDGE, component) : null;
        replicaUrls.set(slot, `http://${link?.server.address ?? '127.0.0.1'}:${port}`);
        // The balancer plays the ingress: its x-forwarded-for is believed, as the chart's api.trustedProxies has the ingress's.
        const balancer = link?.client.address ?? '127.0.0.1';
        return {
          env: { ...envOf(component), PORT: String(port), TRUSTED_PROXIES: balancer },
          wrapper: wrapper(component),
        };
      },
      ready: async (replica, slot) => {
        const id = `api-${slot + 1} (pid ${replica.pid})`;
        replicaIds.set(replica, id);
        balancer.add(id, replicaUrls.get(slot)!);
        try {
          await Promise.race([
            balancer.whenReady(id, START_LIMIT_MS),
            replica.exited.then(() => Promise.reject(new Error('exited'))),
          ]);
          return performance.now();
        } catch {
          return null;
        }
      },
      ended: (replica) => balancer.remove(replicaIds.get(replica)!),
    });
    await apis.start();

    const registry = { clients: new ClientsService(dataSource, new SecretBox(secrets.SECRETS_KEY)), dataSource };
    const payers: ChaosPayer[] = [];
    for (const name of options.payers) {
      const payer = await createFundedPayer(registry, apiUrl, name, FUNDING.currency, FUNDING.amount);
      payers.push({ ...payer, currency: FUNDING.currency, funding: FUNDING.amount });
    }

    const railsUrl = railsFor(EDGE);
    return {
      description: {
        apis: options.apis,
        workers: options.workers,
        temporal: `Temporal server ${TEMPORAL_SERVER_VERSION} on PostgreSQL`,
        networkNamespaces: network !== null,
      },
      apiUrl,
      balancer,
      receiver,
      payers,
      dataSource,
      railsUrl,
      railCalls,
      apis,
      workers,
      network,
      workerMetricsUrls: () => [...workerMetrics.values()],
      logDir,
      temporal,
      orderHistory,
      close,
      async runCli(args) {
        const { stdout } = await promisify(execFile)(
          process.execPath,
          [join(PROJECT_ROOT, 'dist', 'src', 'cli', 'main.js'), ...args],
          { env: envOf(EDGE), cwd: PROJECT_ROOT },
        );
        return stdout;
      },
      async setRailFaults(faults, atMs) {
        const response = await fetch(`${railsUrl}/__admin/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(faults),
        });
        if (response.status !== 200)
          throw new Error(`the simulator refused the faults ${JSON.stringify(faults)}: ${response.status}`);
        railCalls.faultIs(faults.down ? 'down' : faults.lose_response ? 'lose_response' : null, atMs);
      },
      async workflowOf(orderId) {
        try {
          return (await temporal.workflow.getHandle(orderWorkflowId(orderId)).describe()).status.name;
        } catch (error) {
          if (error instanceof WorkflowNotFoundError) return 'NOT_FOUND';
          throw error;
        }
      },
      async saveHistories(orderIds) {
        for (const orderId of orderIds) {
          writeFileSync(
            join(logDir, `order-${orderId}.history.json`),
            `${historyToJSON(await orderHistory(orderId))}\n`,
          );
        }
      },
      restartDatabase: (outageMs) =>
        exclusively(async () => {
          await database!.stop();
          await sleep(outageMs);
          if (!closing) database = await startDatabaseHelper(databaseSpec, wrapper('postgres'));
        }),
      restartTemporal: (outageMs) =>
        exclusively(async () => {
          await temporalServer!.stop();
          await sleep(outageMs);
          if (!closing)
            temporalServer = await startTemporalHelper(
              { ...temporalSpec, port: temporalServer!.port },
              wrapper('temporal'),
            );
        }),
    };
  } catch (error) {
    await close(false);
    throw error;
  }
}

/** A fresh folder for a run's files (PostgreSQL's data, Temporal's configuration, bundles, logs). */
export const makeRunDir = () => mkdtempSync(join(tmpdir(), 'payments-chaos-'));
