import { join } from 'node:path';
import type { PoolConfig } from 'pg';
import { DataSource } from 'typeorm';
import type { Env } from '../config/env';
import { CLIENT_MARGIN_MS, clientAnsweringWithin } from './bounded-client';
import { migrations } from './migrations';

/** How long each PostgreSQL path may take (docs/reliability.md, "Bounds"); 0 turns the last two off. */
export interface DatabaseBounds {
  /** Connecting a new connection, and waiting for a pooled one. */
  connectMs: number;
  /** One statement, lock waits included (the server's statement_timeout; the client gives up CLIENT_MARGIN_MS later). */
  statementMs: number;
  /** A transaction left idle, holding its locks, before the server ends its session. */
  idleInTransactionMs: number;
}

export function databaseBounds(env: Env): DatabaseBounds {
  return {
    connectMs: env.DATABASE_CONNECT_TIMEOUT,
    statementMs: env.DATABASE_STATEMENT_TIMEOUT,
    idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT,
  };
}

export interface DataSourceSettings {
  url: string;
  poolSize: number;
  /** Left out only where waiting is the point: migrations take turns on a lock, however long one runs. */
  bounds?: DatabaseBounds;
}

/**
 * TCP keepalive probes start after a connection has been idle this long, so that a NAT or a
 * firewall keeps it and a dead peer is found eventually. It bounds nothing in a request: the
 * kernel's probe interval (75 s × 9 on Linux) is far too slow, and a socket with unanswered data
 * retransmits instead of probing. The bounds above do that.
 */
const KEEPALIVE_IDLE_MS = 10_000;

/** node-postgres pool options for `bounds`. */
export function poolOptions(poolSize: number, bounds: DatabaseBounds | undefined): PoolConfig {
  const options: PoolConfig = { max: poolSize, keepAlive: true, keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS };
  if (!bounds) return options;
  return {
    ...options,
    // pg-pool applies it both to a new connection and to a wait for a pooled one.
    connectionTimeoutMillis: bounds.connectMs,
    // Sent in the startup packet; a pooler in front of PostgreSQL must pass them on.
    ...(bounds.statementMs
      ? { statement_timeout: bounds.statementMs, Client: clientAnsweringWithin(bounds.statementMs + CLIENT_MARGIN_MS) }
      : {}),
    ...(bounds.idleInTransactionMs ? { idle_in_transaction_session_timeout: bounds.idleInTransactionMs } : {}),
  };
}

/**
 * Every TypeORM entity of the service: each module's `*.entity` files, found by name rather than
 * listed here, so that this floor imports none of the modules above it (docs/architecture.md,
 * "Floors"). `.ts` under jest, `.js` when compiled.
 */
const ENTITIES = [join(__dirname, '..', '**', '*.entity.{ts,js}')];

/** Schema changes go through migrations only: `synchronize` stays off everywhere. */
export function createDataSource(settings: DataSourceSettings): DataSource {
  return new DataSource({
    type: 'postgres',
    url: settings.url,
    entities: ENTITIES,
    migrations,
    synchronize: false,
    migrationsRun: false,
    extra: poolOptions(settings.poolSize, settings.bounds),
  });
}

// Any constant: it names the one lock that serialises migrations across replicas.
const MIGRATION_LOCK_ID = 7_220_431;

/** Runs pending migrations under an advisory lock, so replicas starting together take turns. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await runner.release();
  }
}
