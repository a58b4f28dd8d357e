import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { startEmbeddedDatabase } from '../../dev/embedded-database';
import { serveHelper, startHelper } from '../shared/helper-process';

export interface DatabaseHelperSpec {
  dataDir: string;
  port: number;
  database: string;
  /** `*` inside the run's own network namespace; loopback when absent. */
  listenAddresses?: string;
  /** Networks whose clients may log in with the password besides loopback (the namespace's links). */
  allowNetworks?: string[];
}

export interface DatabaseHelper {
  /** Its URL on loopback; a client in another namespace swaps in its link's address. */
  url: string;
  pid: number;
  /** Where the cluster's files really are (embedded-database may relocate them): the run deletes it at the end. */
  dataDir: string;
  stop: () => Promise<void>;
}

/**
 * The chaos run's PostgreSQL: the embedded one, from a helper process, so that it can run in a
 * network namespace of its own (`wrapper`: `ip netns exec NAME`) and be stopped and started on
 * the same data. Persistent: a restart finds its data; the run deletes the folder at the end.
 */
export async function startDatabaseHelper(
  spec: DatabaseHelperSpec,
  wrapper: readonly string[] = [],
): Promise<DatabaseHelper> {
  const helper = await startHelper<{ url: string; dataDir: string }>(__filename, spec, wrapper);
  return { ...helper.ready, pid: helper.pid, stop: helper.stop };
}

/** Lets `networks` log in with the password, as initdb's own lines let loopback, and has the server read it again. */
async function allow(url: string, dataDir: string, networks: string[]): Promise<void> {
  const hba = join(dataDir, 'pg_hba.conf');
  const present = readFileSync(hba, 'utf8');
  const lines = networks.map((network) => `host all all ${network} password`).filter((line) => !present.includes(line));
  if (lines.length === 0) return;
  appendFileSync(hba, `${lines.join('\n')}\n`);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

async function serve(spec: DatabaseHelperSpec) {
  const database = await startEmbeddedDatabase({
    dataDir: spec.dataDir,
    port: spec.port,
    database: spec.database,
    persistent: true,
    listenAddresses: spec.listenAddresses,
  });
  await allow(database.url, database.dataDir, spec.allowNetworks ?? []);
  return { ready: { url: database.url, dataDir: database.dataDir }, stop: database.stop };
}

if (require.main === module) serveHelper('database helper', serve);
