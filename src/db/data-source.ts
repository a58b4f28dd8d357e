import { DataSource } from 'typeorm';
import { entities } from './entities';
import { migrations } from './migrations';

export interface DataSourceSettings {
  url: string;
  poolSize: number;
}

/** Schema changes go through migrations only: `synchronize` stays off everywhere. */
export function createDataSource(settings: DataSourceSettings): DataSource {
  return new DataSource({
    type: 'postgres',
    url: settings.url,
    entities,
    migrations,
    synchronize: false,
    migrationsRun: false,
    extra: { max: settings.poolSize },
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
