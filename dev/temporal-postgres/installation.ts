import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The server the Temporal CLI v1.5.1 (the dev server) embeds, and the Web UI it ships with. */
export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
export const TEMPORAL_UI_SERVER_VERSION = 'v2.42.1';

export interface TemporalServerBinaries {
  server: string;
  /** temporal-sql-tool: creates and upgrades the schemas, which it carries inside itself. */
  sqlTool: string;
  uiServer: string;
}

/** One `go install` and where its binary ends up. */
interface GoBuild {
  packagePath: string;
  version: string;
  /** The name `go install` gives it (the package's last element). */
  builtAs: string;
  target: string;
}

/** The same cache as scripts/run.mjs keeps the Temporal CLI in. */
const cacheRoot = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'crossborder-payments');

export function temporalServerCacheDirs(): { server: string; uiServer: string } {
  return {
    server: join(cacheRoot(), `temporal-server-${TEMPORAL_SERVER_VERSION}`),
    uiServer: join(cacheRoot(), `temporal-ui-server-${TEMPORAL_UI_SERVER_VERSION}`),
  };
}

function builds(): GoBuild[] {
  const dirs = temporalServerCacheDirs();
  return [
    {
      packagePath: 'go.temporal.io/server/cmd/server',
      version: TEMPORAL_SERVER_VERSION,
      builtAs: 'server',
      target: join(dirs.server, 'temporal-server'),
    },
    {
      packagePath: 'go.temporal.io/server/cmd/tools/sql',
      version: TEMPORAL_SERVER_VERSION,
      builtAs: 'sql',
      target: join(dirs.server, 'temporal-sql-tool'),
    },
    {
      packagePath: 'github.com/temporalio/ui-server/v2/cmd/server',
      version: TEMPORAL_UI_SERVER_VERSION,
      builtAs: 'server',
      target: join(dirs.uiServer, 'temporal-ui-server'),
    },
  ];
}

const binariesOf = (all: GoBuild[]): TemporalServerBinaries => ({
  server: all[0]!.target,
  sqlTool: all[1]!.target,
  uiServer: all[2]!.target,
});

/** The cached binaries, or null when any is missing. Never builds: the tests use this. */
export function cachedTemporalServer(): TemporalServerBinaries | null {
  const all = builds();
  return all.every((build) => existsSync(build.target)) ? binariesOf(all) : null;
}

/**
 * The cached binaries, built with `go install` from the Go module proxy first when missing
 * (about 4 minutes on two cores, once per machine). Each build goes to a scratch GOBIN and is
 * renamed into place, so an interrupted build never leaves half a binary in the cache.
 */
export async function ensureTemporalServer(say: (message: string) => void): Promise<TemporalServerBinaries> {
  const all = builds();
  const missing = all.filter((build) => !existsSync(build.target));
  if (missing.length === 0) return binariesOf(all);
  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `the Temporal server on PostgreSQL is built with Go, and Go was not found. Install Go (https://go.dev/dl), or use TEMPORAL_BACKEND=dev, or point TEMPORAL_ADDRESS at a running Temporal`,
    );
  }
  const dirs = temporalServerCacheDirs();
  say(
    `building the Temporal server ${TEMPORAL_SERVER_VERSION}, its SQL tool and the Web UI server ${TEMPORAL_UI_SERVER_VERSION} with Go into ${dirs.server} and ${dirs.uiServer} (first time only: about 4 minutes)…`,
  );
  for (const build of missing) await goInstall(build);
  return binariesOf(all);
}

async function goInstall(build: GoBuild): Promise<void> {
  const targetDir = join(build.target, '..');
  mkdirSync(targetDir, { recursive: true });
  const gobin = mkdtempSync(join(targetDir, '.build-'));
  try {
    const child = spawn('go', ['install', `${build.packagePath}@${build.version}`], {
      env: { ...process.env, GOBIN: gobin },
      stdio: ['ignore', 2, 2],
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', resolve);
    });
    if (code !== 0) throw new Error(`go install ${build.packagePath}@${build.version} failed (exit ${code})`);
    renameSync(join(gobin, build.builtAs), build.target);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
}
