import { setTimeout as sleep } from 'node:timers/promises';
import { MainProcess } from '../../dev/main-process';

/** Longer than any start here: the worker bundles its workflows first (some 10 s on a busy machine). */
const START_LIMIT_MS = 180_000;
const CHECK_EVERY_MS = 250;
/** SIGTERM first, so that a profiled process writes its profile; a process still there after this is killed. */
const STOP_LIMIT_MS = 30_000;

/**
 * One of the service's processes, `main.js <role>` from dist/ as production runs it, once
 * `readyUrl` answers 2xx (the API's and the worker's /ready, the simulator's /health). A process
 * that exits before then fails the start with its output.
 */
export async function startServiceProcess(
  role: MainProcess['role'],
  env: NodeJS.ProcessEnv,
  readyUrl: string,
  nodeArgs: readonly string[] = [],
): Promise<MainProcess> {
  const child = new MainProcess(role, env, { nodeArgs });
  const deadline = Date.now() + START_LIMIT_MS;
  while (
    !(await fetch(readyUrl).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (!child.running)
      throw new Error(`main.js ${role} exited (${child.exitDescription}) before it was ready:\n${child.recentOutput}`);
    if (Date.now() > deadline) {
      await child.kill();
      throw new Error(
        `main.js ${role} was not ready at ${readyUrl} within ${START_LIMIT_MS / 1000} s:\n${child.recentOutput}`,
      );
    }
    await sleep(CHECK_EVERY_MS);
  }
  return child;
}

/** Stops it as a supervisor does (SIGTERM: it drains and exits by itself), and kills it if it has not exited in time. */
export async function stopServiceProcess(child: MainProcess): Promise<void> {
  const stopped = child.stop();
  const outcome = await Promise.race([stopped.then(() => 'stopped' as const), sleep(STOP_LIMIT_MS, 'late' as const)]);
  if (outcome === 'late') await child.kill();
}
