import { freePort } from '../../src/infra/free-port';
import { startTemporalDevServer } from '../../dev/temporal-dev-server';
import type { TemporalServerBinaries } from '../../dev/temporal-postgres/installation';
import { startTemporalPostgresServer } from '../../dev/temporal-postgres/temporal-postgres-server';
import { serveHelper, startHelper } from './helper-process';
import { childPids } from './process-cpu';

/** Which throw-away Temporal the helper runs. */
export type TemporalHelperSpec = {
  /** A free one when absent. A restart passes the first start's port, so clients find the server again. */
  port?: number;
} & (
  | {
      backend: 'dev';
      /** SQLite file that keeps workflows across a stop and start; in memory when absent. */
      dbFilename?: string;
    }
  | {
      backend: 'postgres';
      binaries: TemporalServerBinaries;
      databaseUrl: string;
      runDir: string;
      /** Where its services listen; loopback when absent (the chaos's partitions: every address of its network namespace). */
      listenAddress?: string;
      /** Its dynamic config; the service's DYNAMIC_CONFIG when absent. */
      dynamicConfig?: Readonly<Record<string, unknown>>;
    }
);

export interface TemporalHelper {
  address: string;
  port: number;
  /** The Temporal server's own process, whose CPU the bench measures; null if not found. */
  serverPid: number | null;
  stop: () => Promise<void>;
}

/**
 * A throw-away Temporal server for the scripts, started from a helper process of its own. The
 * dev server inherits its starter's stdout and prints a banner there; from the helper, whose
 * stdout is the script's stderr, the banner cannot spoil the script's table or JSON. The helper
 * also stops the server should the script die without cleaning up. `wrapper` runs the helper
 * through another command (`ip netns exec NAME`).
 */
export async function startTemporalHelper(
  spec: TemporalHelperSpec,
  wrapper: readonly string[] = [],
): Promise<TemporalHelper> {
  // Inside another network namespace the port is that namespace's; the helper finds a free one there.
  const port = spec.port ?? (wrapper.length ? undefined : await freePort());
  const helper = await startHelper<{ address: string; port: number; serverPid: number | null }>(
    __filename,
    { ...spec, port },
    wrapper,
  );
  return { ...helper.ready, stop: helper.stop };
}

async function serve(spec: TemporalHelperSpec) {
  const port = spec.port ?? (await freePort());
  if (spec.backend === 'postgres') {
    const { binaries, databaseUrl, runDir, listenAddress, dynamicConfig } = spec;
    const server = await startTemporalPostgresServer({
      binaries,
      databaseUrl,
      port,
      uiPort: null,
      runDir,
      listenAddress,
      dynamicConfig,
    });
    return { ready: { address: server.address, port, serverPid: server.pid }, stop: server.stop };
  }
  const server = await startTemporalDevServer({
    port,
    uiPort: null,
    dbFilename: spec.dbFilename,
    cliPath: process.env.TEMPORAL_CLI_PATH,
  });
  // The CLI is this helper's only child.
  return { ready: { address: server.address, port, serverPid: childPids(process.pid)[0] ?? null }, stop: server.stop };
}

if (require.main === module) serveHelper('temporal helper', serve);
