import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApi } from '../../src/api';
import type { Env } from '../../src/config/env';
import { createDataSource, migrate } from '../../src/db/data-source';
import { startEmbeddedDatabase } from '../../dev/embedded-database';
import { freePort } from '../../src/infra/free-port';

/**
 * What every bench run starts and stops the same way. Each start registers its stop, and
 * `stopAll` runs them in reverse, also after a failed start.
 */
export class BenchParts {
  private readonly stops: Array<() => Promise<unknown>> = [];

  constructor(readonly say: (message: string) => void) {}

  onStop(stop: () => Promise<unknown>): void {
    this.stops.push(stop);
  }

  async stopAll(): Promise<void> {
    for (const stop of this.stops.splice(0).reverse())
      await stop().catch((error) => this.say(`clean-up step failed: ${error}`));
  }

  /** The process environment with throw-away secrets and loopback callbacks allowed. */
  settings(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('hex'),
      ALLOW_INSECURE_CALLBACKS: 'true',
      ...extra,
    };
  }

  /**
   * A throw-away PostgreSQL unless DATABASE_URL is set, migrated; its URL, and its pid when
   * started here. `server` are settings of the PostgreSQL started here.
   */
  async database(
    settings: NodeJS.ProcessEnv,
    server: Record<string, string> = {},
  ): Promise<{ url: string; pid: number | null }> {
    let url = settings.DATABASE_URL;
    let pid: number | null = null;
    if (!url) {
      this.say('starting a throw-away PostgreSQL…');
      const database = await startEmbeddedDatabase({
        dataDir: mkdtempSync(join(tmpdir(), 'payments-bench-pg-')),
        port: await freePort(),
        database: 'payments_bench',
        persistent: false,
        settings: server,
      });
      this.onStop(database.stop);
      url = database.url;
      pid = database.pid;
    }
    const migrator = await createDataSource({ url, poolSize: 2 }).initialize();
    await migrate(migrator);
    await migrator.destroy();
    return { url, pid };
  }

  /** The API in this process, on a free loopback port. */
  async api(env: Env): Promise<{ api: NestExpressApplication; apiUrl: string }> {
    const api = await createApi(env);
    await api.listen(0, '127.0.0.1');
    // On Ctrl-C the API's own shutdown hook has closed it already, and a second close would end its pool twice.
    this.onStop(async () => (api.getHttpServer().listening ? api.close() : undefined));
    return { api, apiUrl: `http://127.0.0.1:${(api.getHttpServer().address() as { port: number }).port}` };
  }
}
