import { ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { seedSandboxClient } from './sandbox-seed';
import {
  DATA_DIR,
  EMBEDDED_DATABASE_NAME,
  EMBEDDED_DATABASE_PORT,
  PROJECT_ROOT,
  withDevDefaults,
} from '../src/config/dev-defaults';
import { EnvError, envSchema, loadEnv, temporalBackend } from '../src/config/env';
import { createDataSource, migrate } from '../src/db/data-source';
import { startEmbeddedDatabase } from './embedded-database';
import { startTemporalDevServer } from './temporal-dev-server';
import { ensureTemporalServer } from './temporal-postgres/installation';
import { startTemporalPostgresServer } from './temporal-postgres/temporal-postgres-server';
import { entryOf } from './main-process';
import { startBanner } from './start-banner';

const TEMPORAL_PORT = 7233;
const TEMPORAL_UI_PORT = 8233;
/** Where the Web UI is opened from: the origins whose pages may call the codec server. */
const TEMPORAL_UI_ORIGINS = [`http://127.0.0.1:${TEMPORAL_UI_PORT}`, `http://localhost:${TEMPORAL_UI_PORT}`];
const say = (message: string) => process.stderr.write(`[start] ${message}\n`);

/**
 * `npm start`: the whole service on one machine. It starts what DATABASE_URL and
 * TEMPORAL_ADDRESS do not point elsewhere, migrates, seeds the sandbox client, then runs
 * rails, the codec server, worker and api as child processes, the way production runs them
 * apart. Payloads are encrypted with the development key (TEMPORAL_PAYLOAD_KEYS, derived from
 * SECRETS_KEY); the codec server decodes them, on loopback and for anyone there, for the Web UI
 * (which has no sign-in here) and for `temporal … --codec-endpoint`.
 */
export async function runAll(): Promise<void> {
  const given = { database: process.env.DATABASE_URL, temporal: process.env.TEMPORAL_ADDRESS };
  mkdirSync(DATA_DIR, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const children: ChildProcess[] = [];
  let stopping = false;
  // A child gets its own grace (and the api its drain delay) before it is killed; 15 s until the environment is read.
  let forceAfterMs = 15_000;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    say('stopping…');
    await Promise.all(children.map((child) => stopChild(child, forceAfterMs)));
    for (const stop of stops.reverse()) await stop().catch((error) => say(`stop failed: ${error}`));
    say('stopped');
    process.exit(code);
  };
  process.once('SIGINT', () => void shutdown(0));
  process.once('SIGTERM', () => void shutdown(0));

  try {
    const backend = temporalBackend(process.env);
    const codecServer = `http://127.0.0.1:${envSchema.shape.CODEC_SERVER_PORT.parse(process.env.CODEC_SERVER_PORT)}`;
    // No balancer in front to wait for: Ctrl-C stops the api as soon as its requests are done.
    const childEnv: NodeJS.ProcessEnv = { API_DRAIN_DELAY: '0s', ...withDevDefaults(process.env) };
    let embeddedDatabaseUrl: string | null = null;
    if (!given.database) {
      say(`starting embedded PostgreSQL on 127.0.0.1:${EMBEDDED_DATABASE_PORT} (data in .data/postgres)…`);
      const database = await startEmbeddedDatabase({
        dataDir: join(DATA_DIR, 'postgres'),
        port: EMBEDDED_DATABASE_PORT,
        database: EMBEDDED_DATABASE_NAME,
        persistent: true,
      });
      stops.push(database.stop);
      childEnv.DATABASE_URL = embeddedDatabaseUrl = database.url;
    }
    if (!given.temporal && backend === 'postgres') {
      if (!embeddedDatabaseUrl) {
        throw new Error(
          'TEMPORAL_BACKEND=postgres keeps Temporal in the embedded PostgreSQL: unset DATABASE_URL, or point TEMPORAL_ADDRESS at your own Temporal',
        );
      }
      const binaries = await ensureTemporalServer(say);
      say(
        `starting the Temporal server on 127.0.0.1:${TEMPORAL_PORT}, persisted in the embedded PostgreSQL (config and logs in .data/temporal-server)…`,
      );
      const temporal = await startTemporalPostgresServer({
        binaries,
        databaseUrl: embeddedDatabaseUrl,
        port: TEMPORAL_PORT,
        uiPort: TEMPORAL_UI_PORT,
        uiCodecEndpoint: codecServer,
        runDir: join(DATA_DIR, 'temporal-server'),
      });
      stops.push(temporal.stop);
      childEnv.TEMPORAL_ADDRESS = temporal.address;
    } else if (!given.temporal) {
      say(`starting the Temporal dev server on 127.0.0.1:${TEMPORAL_PORT} (history in .data/temporal.sqlite)…`);
      const temporal = await startTemporalDevServer({
        port: TEMPORAL_PORT,
        uiPort: TEMPORAL_UI_PORT,
        dbFilename: join(DATA_DIR, 'temporal.sqlite'),
        cliPath: process.env.TEMPORAL_CLI_PATH,
        uiCodecEndpoint: codecServer,
      });
      stops.push(temporal.stop);
      childEnv.TEMPORAL_ADDRESS = temporal.address;
    }
    const env = loadEnv(childEnv);
    forceAfterMs = env.API_DRAIN_DELAY + env.SHUTDOWN_GRACE + 10_000;

    say('running database migrations…');
    const dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
    const applied = await migrate(dataSource);
    say(applied.length ? `applied ${applied.length} migration(s)` : 'schema is up to date');
    const sandbox = await seedSandboxClient(dataSource, env, DATA_DIR);
    await dataSource.destroy();

    // On loopback, for anyone there: the Web UI it decodes for has no sign-in here, and the development key opens only this machine's sandbox data.
    const codecServerEnv = {
      ...childEnv,
      CODEC_SERVER_HOST: '127.0.0.1',
      CODEC_SERVER_ALLOW_UNAUTHENTICATED: 'true',
      CODEC_SERVER_CORS_ORIGINS: TEMPORAL_UI_ORIGINS.join(','),
    };
    for (const role of ['rails', 'codec-server', 'worker', 'api'] as const) {
      const env = role === 'codec-server' ? codecServerEnv : childEnv;
      const child = fork(join(PROJECT_ROOT, entryOf(role)), [role], { env, execArgv: ['--enable-source-maps'] });
      child.on('exit', (code, signal) => {
        if (stopping) return;
        say(`${role} exited (${signal ?? code}); stopping everything`);
        void shutdown(1);
      });
      children.push(child);
    }

    await waitForReady(`http://127.0.0.1:${env.PORT}/ready`);
    say('ready');
    const places = {
      temporalUi: given.temporal ? null : `http://127.0.0.1:${TEMPORAL_UI_PORT}`,
      codecServer,
      database: given.database ? '(DATABASE_URL)' : `127.0.0.1:${EMBEDDED_DATABASE_PORT}/${EMBEDDED_DATABASE_NAME}`,
    };
    process.stdout.write(startBanner(env, places, sandbox));
  } catch (error) {
    say(`start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown(1);
  }
}

function stopChild(child: ChildProcess, forceAfterMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), forceAfterMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function waitForReady(url: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become ready within ${timeoutMs / 1000} s`);
}

// `npm start` runs this file (node dist/dev/start.js), never the image.
if (require.main === module) {
  runAll().catch((error: unknown) => {
    process.stderr.write(
      `start failed: ${error instanceof EnvError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  });
}
