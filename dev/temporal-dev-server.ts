import { TestWorkflowEnvironment } from '@temporalio/testing';
import { distinctFreePorts, freePort } from '../src/infra/free-port';
import { dynamicConfigArgs } from './temporal-postgres/server-config';

export interface TemporalDevServer {
  address: string;
  uiUrl: string | null;
  stop: () => Promise<void>;
}

export interface TemporalDevServerOptions {
  port: number;
  /** null: no Web UI (tests). */
  uiPort: number | null;
  /** SQLite file that keeps workflows across restarts; undefined: in memory. */
  dbFilename?: string;
  /**
   * The `temporal` CLI to run. When absent, @temporalio/testing downloads one (needs internet).
   * scripts/run.mjs resolves it from TEMPORAL_CLI_PATH, PATH, the .data cache or `go install`.
   */
  cliPath?: string;
  /** The codec server the Web UI decodes payloads with (its browser calls it). */
  uiCodecEndpoint?: string;
}

/** Runs `temporal server start-dev` for `npm start` and the tests, with the dynamic config the service's servers all have. */
export async function startTemporalDevServer(options: TemporalDevServerOptions): Promise<TemporalDevServer> {
  // Chosen here, not left to the CLI: its own random pick could land on `port`, which was free
  // when it was chosen and is not bound yet (the server then fails with "address already in use").
  const [httpPort, metricsPort] = await distinctFreePorts(
    2,
    [options.port, ...(options.uiPort === null ? [] : [options.uiPort])],
    freePort,
  );
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      executable: options.cliPath ? { type: 'existing-path', path: options.cliPath } : { type: 'cached-download' },
      ip: '127.0.0.1',
      port: options.port,
      ui: options.uiPort !== null,
      uiPort: options.uiPort ?? undefined,
      dbFilename: options.dbFilename,
      log: { format: 'json', level: 'warn' },
      extraArgs: [
        ...dynamicConfigArgs(),
        '--http-port',
        String(httpPort),
        '--metrics-port',
        String(metricsPort),
        ...(options.uiCodecEndpoint ? ['--ui-codec-endpoint', options.uiCodecEndpoint] : []),
      ],
    },
  });
  return {
    address: `127.0.0.1:${options.port}`,
    uiUrl: options.uiPort === null ? null : `http://127.0.0.1:${options.uiPort}`,
    stop: () => env.teardown(),
  };
}
