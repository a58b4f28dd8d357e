import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { canReach, SHARED_ROOT, startEmbeddedDatabase } from '../../../dev/embedded-database';
import { freePort } from '../../../src/infra/free-port';

const asRoot = process.getuid?.() === 0;

describe('embedded PostgreSQL', () => {
  let folder: string;

  beforeEach(() => {
    // mkdtemp makes a mode-700 folder: only its owner may enter, like a clone under /root.
    folder = mkdtempSync(join(tmpdir(), 'payments-private-'));
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('tells whether a user may traverse every folder down to a path', () => {
    const nested = join(folder, 'a', 'b');
    mkdirSync(nested, { recursive: true });
    const stranger = { uid: 54321, gid: 54321, groups: [54321] };
    expect(canReach(nested, stranger)).toBe(false);
    chmodSync(folder, 0o755);
    expect(canReach(nested, stranger)).toBe(true);
    expect(canReach(join(folder, 'missing'), stranger)).toBe(false);
  });

  (asRoot ? it : it.skip)(
    'runs from a folder only root may enter, with its data relocated where the postgres user can reach it',
    async () => {
      const database = await startEmbeddedDatabase({
        dataDir: join(folder, '.data', 'postgres'),
        port: await freePort(),
        database: 'private',
        persistent: true,
      });
      try {
        expect(database.dataDir.startsWith(join(SHARED_ROOT, 'data'))).toBe(true);
        expect(readFileSync(join(folder, '.data', 'postgres.location'), 'utf8').trim()).toBe(database.dataDir);
        const client = new Client({ connectionString: database.url });
        await client.connect();
        expect((await client.query('SELECT current_database() AS name')).rows[0].name).toBe('private');
        await client.end();
      } finally {
        await database.stop();
        rmSync(database.dataDir, { recursive: true, force: true });
      }
    },
  );

  it('starts the server with the settings it is given', async () => {
    const database = await startEmbeddedDatabase({
      dataDir: join(folder, 'postgres'),
      port: await freePort(),
      database: 'configured',
      persistent: false,
      settings: { shared_preload_libraries: 'pg_stat_statements', work_mem: '8MB' },
    });
    const client = new Client({ connectionString: database.url });
    try {
      await client.connect();
      expect((await client.query('SHOW shared_preload_libraries')).rows[0].shared_preload_libraries).toBe(
        'pg_stat_statements',
      );
      expect((await client.query('SHOW work_mem')).rows[0].work_mem).toBe('8MB');
    } finally {
      await client.end();
      await database.stop();
    }
  });
});
