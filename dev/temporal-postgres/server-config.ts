/**
 * The Temporal server's configuration files for a single node on loopback, persisted in
 * PostgreSQL, generated here rather than copied from the server's samples: every value the
 * service depends on is visible in one place. The files are JSON, which is YAML too, so the
 * server's YAML loader reads them as they are.
 */

/** The server's four services; each listens for gRPC and for its ring's membership traffic. */
export const TEMPORAL_SERVICES = ['frontend', 'history', 'matching', 'worker'] as const;
export type TemporalService = (typeof TEMPORAL_SERVICES)[number];

export interface ServicePorts {
  grpc: number;
  membership: number;
}

export interface PostgresTarget {
  host: string;
  port: number;
  user: string;
  password: string;
}

export const TEMPORAL_DATABASE = 'temporal';
export const TEMPORAL_VISIBILITY_DATABASE = 'temporal_visibility';

/**
 * Fixed once a cluster's database exists: the server refuses to start on a database created
 * with another count. 4 is the server's own sample value; enough parallelism for two cores.
 */
export const HISTORY_SHARDS = 4;

const LOOPBACK = '127.0.0.1';
const CLUSTER = 'active';

export interface TemporalServerConfigOptions {
  ports: Record<TemporalService, ServicePorts>;
  database: PostgresTarget;
  /** Absolute path of the file written from temporalDynamicConfig(). */
  dynamicConfigPath: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Where the frontend listens; loopback when absent. The other services always stay on loopback. */
  frontendListenAddress?: string;
}

/** Listeners in the order they are handed out: the frontend's gRPC port first (it is the address). */
export function listenerCount(): number {
  return TEMPORAL_SERVICES.length * 2;
}

/** Turns a list of distinct ports, frontend gRPC first, into each service's pair. */
export function servicePorts(ports: readonly number[]): Record<TemporalService, ServicePorts> {
  if (ports.length !== listenerCount() || new Set(ports).size !== ports.length) {
    throw new Error(`expected ${listenerCount()} distinct ports, got ${ports.join(', ')}`);
  }
  return Object.fromEntries(
    TEMPORAL_SERVICES.map((service, i) => [
      service,
      { grpc: ports[i]!, membership: ports[i + TEMPORAL_SERVICES.length]! },
    ]),
  ) as Record<TemporalService, ServicePorts>;
}

function sqlStore(database: PostgresTarget, databaseName: string, maxConns: number) {
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${database.host}:${database.port}`,
      connectProtocol: 'tcp',
      user: database.user,
      password: database.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  };
}

export function temporalServerConfig(options: TemporalServerConfigOptions) {
  const frontend = `${LOOPBACK}:${options.ports.frontend.grpc}`;
  return {
    log: { stdout: true, level: options.logLevel, format: 'json' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: HISTORY_SHARDS,
      datastores: {
        'postgres-default': sqlStore(options.database, TEMPORAL_DATABASE, 20),
        // Every transition writes visibility (status upserts, start, close): more than the sample's 2.
        'postgres-visibility': sqlStore(options.database, TEMPORAL_VISIBILITY_DATABASE, 10),
      },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: LOOPBACK },
      // No metrics or pprof listener: nothing scrapes them here.
    },
    services: Object.fromEntries(
      TEMPORAL_SERVICES.map((service) => [
        service,
        // httpPort absent: the frontend's HTTP API stays off; the SDKs and the Web UI speak gRPC.
        {
          rpc: {
            grpcPort: options.ports[service].grpc,
            membershipPort: options.ports[service].membership,
            bindOnIP: service === 'frontend' ? (options.frontendListenAddress ?? LOOPBACK) : LOOPBACK,
          },
        },
      ]),
    ) as Record<TemporalService, { rpc: { grpcPort: number; membershipPort: number; bindOnIP: string } }>,
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: CLUSTER,
      currentClusterName: CLUSTER,
      clusterInformation: {
        [CLUSTER]: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: frontend },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
    namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
    publicClient: { hostPort: frontend },
    dynamicConfigClient: { filepath: options.dynamicConfigPath, pollInterval: '60s' },
  };
}

/**
 * What the service relies on, stated even where 1.29.1's default already agrees, so an upgrade
 * that changes a default does not silently take it away: workflow updates (the API's `decide`
 * and `submitAmount`, waited for at the Accepted stage), update-with-start (multi-operation)
 * and schedules (the order reconciler).
 *
 * And one that is not a default: how often a history shard may read its transfer queue, the
 * tasks (workflow tasks, activity tasks) waiting to be handed to a task queue. At 1.29.1's 20
 * reads a second a task written to a shard whose reads are used up waits for the next one: on
 * the dev server's single shard, 20 to 45 ms between a task being scheduled and a worker
 * starting it, with the worker's pollers waiting, three times in a payment's decision
 * (docs/performance.md, "Dispatch"). At 1000 it is 1 to 3 ms; under load a read still takes
 * every task written since the last one.
 *
 * Issue 28, many clients at once: fairness on (every order's workflow and activities carry
 * their client as the fairness key, src/capacity/fairness.ts; without it a key is ignored and
 * the queue is one FIFO); one partition per task queue, since fairness holds within a
 * partition and a few workers' pollers leave tasks waiting in the partitions none polls at the
 * moment (a deployment past a few thousand tasks a second raises it, docs/deployment.md); and
 * the task queue's statistics read afresh every half second instead of every five, since the
 * API admits new previews by the backlog they report (src/capacity/backlog-monitor.ts).
 */
export const DYNAMIC_CONFIG: Readonly<Record<string, unknown>> = {
  'frontend.enableUpdateWorkflowExecution': true,
  'frontend.enableUpdateWorkflowExecutionAsyncAccepted': true,
  'frontend.enableExecuteMultiOperation': true,
  'frontend.enableSchedules': true,
  'worker.enableScheduler': true,
  'history.transferProcessorMaxPollRPS': 1000,
  'matching.enableFairness': true,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
  'matching.TaskQueueInfoByBuildIdTTL': '500ms',
};

/** The same values as the dev server's command line takes them (`temporal server start-dev`). */
export function dynamicConfigArgs(values: Readonly<Record<string, unknown>> = DYNAMIC_CONFIG): string[] {
  return Object.entries(values).flatMap(([key, value]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(value)}`,
  ]);
}

/** The dynamic config file's shape: each key holds a list of constrained values. */
export function temporalDynamicConfig(values: Readonly<Record<string, unknown>> = DYNAMIC_CONFIG) {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, [{ value, constraints: {} }]]));
}

export interface UiServerConfigOptions {
  port: number;
  frontendAddress: string;
  /** The codec server the Web UI decodes payloads with (its browser calls it). */
  codecEndpoint?: string;
}

/** The Web UI server (temporalio/ui-server) on loopback, in front of the frontend. */
export function temporalUiConfig(options: UiServerConfigOptions) {
  return {
    temporalGrpcAddress: options.frontendAddress,
    host: LOOPBACK,
    port: options.port,
    enableUi: true,
    defaultNamespace: 'default',
    // Served over plain http on loopback: a Secure cookie would never come back.
    cors: { cookieInsecure: true },
    hideLogs: true,
    notifyOnNewVersion: false,
    ...(options.codecEndpoint ? { codec: { endpoint: options.codecEndpoint } } : {}),
  };
}

/** JSON is a subset of YAML: the servers' YAML loaders read it unchanged. */
export const asYaml = (config: unknown): string => `${JSON.stringify(config, null, 2)}\n`;
