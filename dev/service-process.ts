import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** A long-running server binary whose output goes to a log file. */
export interface ServiceProcess {
  pid: number;
  /** Throws, with the end of its log, once it has exited. */
  assertRunning(): void;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const TAIL_CHARS = 3000;

export function startServiceProcess(
  command: string,
  args: string[],
  logFile: string,
  env: NodeJS.ProcessEnv = process.env,
): ServiceProcess {
  // Each start begins a fresh log, so a long-lived install's log stays the size of one run.
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { env, stdio: ['ignore', log, log] });
  closeSync(log);
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  // A server left running by a parent that exited would hold its ports.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const running = () => child.exitCode === null && child.signalCode === null;
  const logTail = () => {
    try {
      return readFileSync(logFile, 'utf8').slice(-TAIL_CHARS);
    } catch {
      return '';
    }
  };

  return {
    pid: child.pid,
    assertRunning() {
      if (!running())
        throw new Error(
          `${command} exited (${child.signalCode ?? child.exitCode}); the end of ${logFile}:\n${logTail()}`,
        );
    },
    async stop(graceMs = 20_000) {
      process.off('exit', killOnExit);
      if (!running()) return;
      child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(force);
    },
  };
}
