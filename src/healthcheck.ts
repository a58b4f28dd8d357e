import { isIPv6 } from 'node:net';
import { envSchema } from './config/env';

/**
 * The image's health check: `node dist/src/healthcheck.js [<role> [<path>]]` asks the process
 * running beside it for a probe (`/health` unless told) and exits 0 when it answers 200, 1
 * otherwise, printing what each port answered (Docker keeps it in `docker inspect`). One image
 * runs every role and Docker does not tell a health check which, so without a role it asks each
 * role's port and any 200 will do: a container runs one process, and the others' ports are
 * closed. The ports and addresses are the processes' own variables, read by the same schema.
 * The sandbox image's rails simulator has its own check (sim/healthcheck.ts), which asks with
 * `askEach` below.
 */
const PROBED = envSchema.pick({
  PORT: true,
  WORKER_METRICS_PORT: true,
  METRICS_HOST: true,
  CODEC_SERVER_PORT: true,
  CODEC_SERVER_HOST: true,
});
type Probed = ReturnType<typeof PROBED.parse>;

/** Where each role answers its probes: the api on its API port (all interfaces), the worker beside its metrics, the codec server on its port (/health only). */
const ROLES = {
  api: (env: Probed) => ({ host: '0.0.0.0', port: env.PORT }),
  worker: (env: Probed) => ({ host: env.METRICS_HOST, port: env.WORKER_METRICS_PORT }),
  'codec-server': (env: Probed) => ({ host: env.CODEC_SERVER_HOST, port: env.CODEC_SERVER_PORT }),
};
export type Role = keyof typeof ROLES;
const PATHS = ['/health', '/ready'];
const PROBE_TIMEOUT_MS = 3000;

/** A listener on every interface is reached on loopback; one on a given address, there. */
export const reachable = (host: string) =>
  host === '0.0.0.0' || host === '::' ? '127.0.0.1' : isIPv6(host) ? `[${host}]` : host;

/** The URLs to ask; or why not: a usage error (exit 2), or a variable the process would have refused too (exit 1). */
export function probeUrls(
  args: readonly string[],
  source: NodeJS.ProcessEnv,
): { urls: string[] } | { refused: string; exitCode: 1 | 2 } {
  const [role, path = '/health', ...rest] = args;
  if ((role !== undefined && !(role in ROLES)) || !PATHS.includes(path) || rest.length > 0) {
    return { refused: `usage: healthcheck.js [<${Object.keys(ROLES).join('|')}> [${PATHS.join('|')}]]`, exitCode: 2 };
  }
  const parsed = PROBED.safeParse(source);
  if (!parsed.success)
    return {
      refused: `invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      exitCode: 1,
    };
  const roles = role ? [role as Role] : (Object.keys(ROLES) as Role[]);
  return {
    urls: roles
      .map((name) => ROLES[name](parsed.data))
      .map(({ host, port }) => `http://${reachable(host)}:${port}${path}`),
  };
}

async function ask(url: string): Promise<{ url: string; ok: boolean; answer: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return { url, ok: response.status === 200, answer: String(response.status) };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { url, ok: false, answer: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
}

/** 0 when one of `urls` answered 200, 1 when none did; `say` gets one line per URL asked. */
export async function askEach(urls: readonly string[], say: (line: string) => void): Promise<number> {
  const answers = await Promise.all(urls.map(ask));
  answers.forEach(({ url, answer }) => say(`${url}: ${answer}`));
  return answers.some((answer) => answer.ok) ? 0 : 1;
}

/** 0 when a probe answered 200, 1 when none did, 2 for a usage error; `say` gets one line per URL asked. */
export async function healthcheck(
  args: readonly string[],
  source: NodeJS.ProcessEnv,
  say: (line: string) => void,
): Promise<number> {
  const target = probeUrls(args, source);
  if ('refused' in target) {
    say(target.refused);
    return target.exitCode;
  }
  return askEach(target.urls, say);
}

/** A health check's process: its lines on stdout, its code as the exit code. */
export function runHealthcheck(check: (say: (line: string) => void) => Promise<number>): void {
  check((line) => process.stdout.write(`${line}\n`)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

if (require.main === module) runHealthcheck((say) => healthcheck(process.argv.slice(2), process.env, say));
