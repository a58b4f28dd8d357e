import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createDataSource, migrate } from '../../src/db/data-source';
import { startEmbeddedDatabase } from '../../dev/embedded-database';
import { freePort } from '../../src/infra/free-port';
import { startTemporalDevServer } from '../../dev/temporal-dev-server';
import { registerSearchAttributes } from '../../src/temporal/search-attributes';
import { Connection } from '@temporalio/client';

/**
 * One throw-away PostgreSQL and one Temporal dev server for the integration and e2e tests,
 * on free ports so that parallel runs never collide. Test files isolate themselves by
 * creating their own clients (every resource is tenant-scoped), not by resetting tables.
 */
export default async function globalSetup(): Promise<void> {
  const database = await startEmbeddedDatabase({
    dataDir: mkdtempSync(join(tmpdir(), 'payments-test-pg-')),
    port: await freePort(),
    database: 'payments_test',
    persistent: false,
  });
  const temporal = await startTemporalDevServer({
    port: await freePort(),
    uiPort: null,
    cliPath: process.env.TEMPORAL_CLI_PATH,
  });
  (globalThis as Record<string, unknown>).__testInfra = { database, temporal };

  const dataSource = await createDataSource({ url: database.url, poolSize: 2 }).initialize();
  await migrate(dataSource);
  await dataSource.destroy();

  const connection = await Connection.connect({ address: temporal.address });
  await registerSearchAttributes(connection, 'default');
  await connection.close();

  // Test workers are forked after this, so they inherit the environment set here.
  Object.assign(process.env, {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporal.address,
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    // Given, not derived from SECRETS_KEY as elsewhere outside production: processes the tests start in production mode need it too.
    TEMPORAL_PAYLOAD_KEYS: `test:${randomBytes(32).toString('base64')}`,
    ALLOW_INSECURE_CALLBACKS: 'true',
    // Every suite takes tokens from loopback; the rate-limit test sets its own low limit.
    TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
  });
}
