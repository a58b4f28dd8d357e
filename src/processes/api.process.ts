import { loadEnv } from '../config/env';
import { createApi } from '../api';
import { createDataSource, migrate } from '../db/data-source';

/** The HTTP facade. Migrations run first, under a lock, so replicas may start together. */
export async function runApi(): Promise<void> {
  const env = loadEnv();
  const dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
  await migrate(dataSource);
  await dataSource.destroy();
  const app = await createApi(env);
  await app.listen(env.PORT, '0.0.0.0');
}
