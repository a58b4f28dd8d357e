import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection } from '@temporalio/client';
import { Client as PgClient } from 'pg';
import { cachedTemporalServer } from '../../../dev/temporal-postgres/installation';
import { compose, environmentOf, mountedFile } from '../../support/compose-file';

/**
 * docker-compose.yml's one-shot Temporal jobs, their scripts run as the admin tools' image runs
 * them (`/bin/sh <script>`, with the environment compose gives them), on the tools of the same
 * versions this machine has: Temporal's SQL tool 1.29.1 against the tests' PostgreSQL, and the
 * Temporal CLI against the tests' Temporal. Each runs twice, as each `docker compose up` runs it.
 */
const binaries = cachedTemporalServer();
const withSqlTool = binaries ? describe : describe.skip;
if (!binaries) console.info("compose's schema job: skipped, Temporal's SQL tool is not built yet (`TEMPORAL_BACKEND=postgres npm start` builds it once)");

const password = { POSTGRES_PASSWORD: 'not-used-here' };
let tools: string;

beforeAll(() => {
  // The admin tools' image has both on its PATH under these names.
  tools = mkdtempSync(join(tmpdir(), 'compose-jobs-'));
  if (binaries) symlinkSync(binaries.sqlTool, join(tools, 'temporal-sql-tool'));
  symlinkSync(process.env.TEMPORAL_CLI_PATH!, join(tools, 'temporal'));
});
afterAll(() => rmSync(tools, { recursive: true, force: true }));

function runJob(job: string, env: Record<string, string>) {
  const [shell, script] = compose.services[job]!.entrypoint!;
  // A container has a HOME, where the CLI looks for its config.
  return spawnSync(shell!, [mountedFile(job, script!)], { env: { ...env, PATH: `${tools}:${process.env.PATH}`, HOME: tools }, encoding: 'utf8', timeout: 180_000 });
}

withSqlTool("the schema job (temporal-schema)", () => {
  const suffix = randomUUID().slice(0, 8);
  const databases = { DBNAME: `temporal_${suffix}`, VISIBILITY_DBNAME: `temporal_visibility_${suffix}` };
  const server = new URL(process.env.DATABASE_URL!);
  const connect = (database: string) =>
    new PgClient({ host: server.hostname, port: Number(server.port), user: decodeURIComponent(server.username), password: decodeURIComponent(server.password), database });
  let admin: PgClient;

  beforeAll(async () => {
    admin = connect(server.pathname.slice(1));
    await admin.connect();
    // What scripts/postgres-init.sql does when compose's PostgreSQL starts on an empty volume.
    for (const database of Object.values(databases)) await admin.query(`CREATE DATABASE ${database}`);
  });
  afterAll(async () => {
    for (const database of Object.values(databases)) await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
  });

  /** Each database's schema version, and whether the tables the server uses are there. */
  async function state() {
    const read = async (database: string, table: string) => {
      const client = connect(database);
      await client.connect();
      try {
        const { rows } = await client.query<{ version: string; present: boolean }>(`SELECT curr_version AS version, to_regclass($1) IS NOT NULL AS present FROM schema_version`, [table]);
        return rows;
      } finally {
        await client.end();
      }
    };
    return { temporal: await read(databases.DBNAME, 'executions'), visibility: await read(databases.VISIBILITY_DBNAME, 'executions_visibility') };
  }

  it("creates Temporal's schemas in empty databases, then finds nothing to do", async () => {
    const env = { ...environmentOf('temporal-schema', password), POSTGRES_SEEDS: server.hostname, DB_PORT: server.port, POSTGRES_USER: decodeURIComponent(server.username), POSTGRES_PWD: decodeURIComponent(server.password), ...databases };
    const first = runJob('temporal-schema', env);
    expect({ status: first.status, stderr: first.status === 0 ? '' : first.stderr }).toEqual({ status: 0, stderr: '' });
    const created = await state();
    expect(created).toEqual({ temporal: [{ version: expect.stringMatching(/^1\.\d+$/), present: true }], visibility: [{ version: expect.stringMatching(/^1\.\d+$/), present: true }] });

    const second = runJob('temporal-schema', env);
    expect({ status: second.status, stderr: second.status === 0 ? '' : second.stderr }).toEqual({ status: 0, stderr: '' });
    expect(await state()).toEqual(created);
  });
});

describe('the namespace job (temporal-namespace)', () => {
  const namespace = `compose-${randomUUID().slice(0, 8)}`;
  let connection: Connection;

  beforeAll(async () => {
    connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  });
  afterAll(async () => {
    await connection?.operatorService.deleteNamespace({ namespace }).catch(() => undefined);
    await connection?.close();
  });

  it('registers the namespace with its retention and waits until it is served; run again, it finds it there', async () => {
    const env = { ...environmentOf('temporal-namespace', password), TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS!, NAMESPACE: namespace };
    const first = runJob('temporal-namespace', env);
    expect({ status: first.status, stdout: first.stdout, stderr: first.stderr }).toEqual({ status: 0, stdout: `the namespace ${namespace} is served\n`, stderr: '' });
    const { config } = await connection.workflowService.describeNamespace({ namespace });
    const retentionHours = Number(config!.workflowExecutionRetentionTtl!.seconds) / 3600;
    expect(`${retentionHours}h`).toBe(environmentOf('temporal-namespace', password).RETENTION);

    const started = Date.now();
    const second = runJob('temporal-namespace', env);
    expect({ status: second.status, stdout: second.stdout }).toEqual({ status: 0, stdout: `the namespace ${namespace} is served\n` });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
