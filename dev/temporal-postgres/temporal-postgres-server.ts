import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { status as GrpcStatus } from '@grpc/grpc-js';
import { Connection, isGrpcServiceError } from '@temporalio/client';
import { msToTs } from '@temporalio/common/lib/time';
import { registerSearchAttributes } from '../../src/temporal/search-attributes';
import { ensureDatabase } from '../embedded-database';
import { distinctFreePorts, freePortIn } from '../../src/infra/free-port';
import { ServiceProcess, startServiceProcess } from '../service-process';
import type { TemporalServerBinaries } from './installation';
import {
  asYaml,
  listenerCount,
  PostgresTarget,
  servicePorts,
  TEMPORAL_DATABASE,
  TEMPORAL_VISIBILITY_DATABASE,
  temporalDynamicConfig,
  temporalServerConfig,
  temporalUiConfig,
  UiServerConfigOptions,
} from './server-config';

export interface TemporalPostgresServerOptions {
  binaries: TemporalServerBinaries;
  /** A postgres:// URL on the PostgreSQL server that is to hold Temporal's two databases. */
  databaseUrl: string;
  /** The frontend's gRPC port; the other services take free ports. */
  port: number;
  /** null: no Web UI. */
  uiPort: number | null;
  /** The codec server the Web UI decodes payloads with. */
  uiCodecEndpoint?: string;
  /** Where the generated configuration and the servers' logs go. */
  runDir: string;
  /**
   * Where the frontend listens besides loopback's 127.0.0.1 (e.g. `0.0.0.0` inside a network
   * namespace of its own, as the chaos run's partitions put it); loopback alone when absent.
   */
  listenAddress?: string;
  /**
   * The dynamic config the server starts with; DYNAMIC_CONFIG when absent. The chaos's
   * noisy-neighbour plan starts one with fairness off, to show what fairness buys.
   */
  dynamicConfig?: Readonly<Record<string, unknown>>;
}

export interface TemporalPostgresServer {
  address: string;
  uiUrl: string | null;
  /** The server process, whose CPU the bench measures. */
  pid: number;
  stop: () => Promise<void>;
}

const NAMESPACE = 'default';
/** How long closed workflows stay readable (the dev server keeps them for a day). */
const RETENTION = '7 days';
const READY_TIMEOUT_MS = 120_000;
/** The services' own ports: the membership table stores them as a signed 16-bit integer. */
const INTERNAL_PORTS = [20000, 32767] as const;
const SCHEMAS = [
  { database: TEMPORAL_DATABASE, schemaName: 'postgresql/v12/temporal' },
  { database: TEMPORAL_VISIBILITY_DATABASE, schemaName: 'postgresql/v12/visibility' },
];

/**
 * A Temporal server persisted in PostgreSQL, as production runs it, on loopback: creates the
 * `temporal` and `temporal_visibility` databases and brings their schemas up to this server's
 * version (idempotent, so a restart reuses them), writes its configuration, starts it, registers
 * the `default` namespace and the order search attributes, and starts the Web UI server.
 */
export async function startTemporalPostgresServer(
  options: TemporalPostgresServerOptions,
): Promise<TemporalPostgresServer> {
  const database = postgresTarget(options.databaseUrl);
  for (const { database: name, schemaName } of SCHEMAS) {
    await ensureDatabase(options.databaseUrl, name);
    await upgradeSchema(options.binaries.sqlTool, database, name, schemaName);
  }

  mkdirSync(options.runDir, { recursive: true });
  const taken = options.uiPort === null ? [options.port] : [options.port, options.uiPort];
  const ports = servicePorts([
    options.port,
    ...(await distinctFreePorts(listenerCount() - 1, taken, () => freePortIn(...INTERNAL_PORTS))),
  ]);
  const dynamicConfigPath = join(options.runDir, 'dynamic-config.yaml');
  writeFileSync(dynamicConfigPath, asYaml(temporalDynamicConfig(options.dynamicConfig)));
  writeFileSync(
    join(options.runDir, 'temporal.yaml'),
    asYaml(
      temporalServerConfig({
        ports,
        database,
        dynamicConfigPath,
        logLevel: 'warn',
        frontendListenAddress: options.listenAddress,
      }),
    ),
    {
      mode: 0o600,
    },
  );

  const address = `127.0.0.1:${options.port}`;
  const server = startServiceProcess(
    options.binaries.server,
    ['--root', options.runDir, '--config', '.', '--env', 'temporal', '--allow-no-auth', 'start'],
    join(options.runDir, 'temporal-server.log'),
  );
  let ui: ServiceProcess | null = null;
  try {
    await prepareNamespace(address, server);
    if (options.uiPort !== null)
      ui = await startUiServer(options.binaries.uiServer, join(options.runDir, 'ui'), {
        port: options.uiPort,
        frontendAddress: address,
        codecEndpoint: options.uiCodecEndpoint,
      });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    address,
    uiUrl: options.uiPort === null ? null : `http://127.0.0.1:${options.uiPort}`,
    pid: server.pid,
    async stop() {
      await ui?.stop();
      await server.stop();
    },
  };
}

function postgresTarget(url: string): PostgresTarget {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
  };
}

/** `setup-schema -v 0.0` only creates the version tables; `update-schema` applies what is missing. */
async function upgradeSchema(
  sqlTool: string,
  database: PostgresTarget,
  name: string,
  schemaName: string,
): Promise<void> {
  const env = {
    ...process.env,
    SQL_PLUGIN: 'postgres12',
    SQL_HOST: database.host,
    SQL_PORT: String(database.port),
    SQL_USER: database.user,
    SQL_PASSWORD: database.password,
    SQL_DATABASE: name,
  };
  for (const args of [
    ['setup-schema', '-v', '0.0'],
    ['update-schema', '--schema-name', schemaName],
  ]) {
    try {
      await promisify(execFile)(sqlTool, args, { env });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(
        `temporal-sql-tool ${args.join(' ')} on ${name} failed: ${(stderr || stdout || String(error)).trim().slice(-2000)}`,
        { cause: error },
      );
    }
  }
}

/** Waits for the frontend, then registers the namespace and the search attributes (both idempotent). */
async function prepareNamespace(address: string, server: ServiceProcess): Promise<void> {
  const eventually = <T>(what: string, attempt: () => Promise<T>) => retryWhile(server, what, attempt);
  const connection = await eventually('the Temporal frontend to accept connections', () =>
    Connection.connect({ address, connectTimeout: 2_000 }),
  );
  try {
    // Unavailable until the history and matching services have joined the ring.
    await eventually('the namespace to be registered', async () => {
      try {
        await connection.workflowService.registerNamespace({
          namespace: NAMESPACE,
          workflowExecutionRetentionPeriod: msToTs(RETENTION),
        });
      } catch (error) {
        if (!(isGrpcServiceError(error) && error.code === GrpcStatus.ALREADY_EXISTS)) throw error;
      }
    });
    // The frontend learns a new namespace from its cache, which refreshes every few seconds.
    await eventually('the namespace to be served', () =>
      connection.workflowService.describeNamespace({ namespace: NAMESPACE }),
    );
    await eventually('the search attributes to be registered', () => registerSearchAttributes(connection, NAMESPACE));
  } finally {
    await connection.close();
  }
}

/** Retries `attempt` while `service` runs, for up to READY_TIMEOUT_MS. */
async function retryWhile<T>(service: ServiceProcess, what: string, attempt: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      service.assertRunning();
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function startUiServer(binary: string, dir: string, config: UiServerConfigOptions): Promise<ServiceProcess> {
  const { port } = config;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'ui.yaml'), asYaml(temporalUiConfig(config)));
  const ui = startServiceProcess(
    binary,
    ['--root', dir, '--config', '.', '--env', 'ui', 'start'],
    join(dir, 'ui-server.log'),
  );
  try {
    await retryWhile(ui, 'the Web UI to answer', async () => {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
    });
  } catch (error) {
    await ui.stop();
    throw error;
  }
  return ui;
}
