import { spawnSync, SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MainProcess } from '../../dev/main-process';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';
import { envSchema } from '../../src/config/env';

/**
 * The image `npm run image:build` builds (scripts/run.mjs: buildah, on a base image made from
 * Debian's packages and the npm registry), its processes run from it as a container runtime runs
 * them with the Helm chart's settings: its own file system as the root, mounted read-only, a fresh
 * /tmp, the host's network (the tests' PostgreSQL and Temporal are on loopback), its user, working
 * directory, environment and entrypoint. No container runtime starts containers on these machines
 * (crun's setrlimit is refused), so a mount namespace, a chroot and a change of user stand in for
 * one: `unshare`, which needs root.
 */
export const INSTALL_IMAGE_TOOLS = 'apt-get install -y buildah mmdebstrap';

/** Why the built image cannot be tested on this machine, or undefined when it can. */
export function builtImageUnavailable(): string | undefined {
  if (spawnSync('buildah', ['--version'], { stdio: 'ignore' }).status !== 0)
    return `buildah is not installed (\`${INSTALL_IMAGE_TOOLS}\`, as root; .ci/run does it)`;
  if (process.getuid?.() !== 0)
    return 'the tests do not run as root, which running the image here needs (mounts, chroot)';
  return undefined;
}

/** What `npm run image:build` leaves in .data/image.json. */
export interface ImageBuild {
  image: string;
  id: string;
  baseImage: string;
  labels: { source: string; revision: string; version: string };
  seconds: { base: number; image: number };
}

/** Runs `npm run image:build` (the base image is made once per recipe, the layers are cached). */
export function buildImage(): ImageBuild {
  const built = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts', 'run.mjs'), 'image:build'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (built.status !== 0)
    throw new Error(`npm run image:build failed (${built.status}):\n${built.stderr.slice(-10_000)}`);
  return JSON.parse(readFileSync(join(PROJECT_ROOT, '.data', 'image.json'), 'utf8')) as ImageBuild;
}

/** The part of an OCI image's configuration a runtime acts on. */
export interface ImageConfig {
  User: string;
  WorkingDir: string;
  Env: string[];
  Entrypoint: string[];
  Cmd: string[];
  Labels: Record<string, string>;
}

export interface OpenedImage {
  config: ImageConfig;
  /** Its HEALTHCHECK's command (Docker's image format keeps it; OCI's has none). */
  healthcheck: string[] | undefined;
  /** The image's file system (a buildah container of it, mounted). */
  root: string;
  /** Its user, as its own /etc/passwd resolves the configured name. */
  user: { uid: number; gid: number; home: string };
  /** `args` run in the image as its processes run; `env` over the image's own. */
  run(args: string[], options?: { env?: NodeJS.ProcessEnv; input?: string }): SpawnSyncReturns<string>;
  /** A process of its entrypoint with `role` as its command, given the service's variables of `env`. */
  launch: (role: 'api' | 'worker', env: NodeJS.ProcessEnv) => MainProcess;
  remove(): void;
}

function buildah(args: string[]): string {
  const result = spawnSync('buildah', args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`buildah ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/**
 * Run in a mount namespace of its own (`unshare --mount`), so that nothing is seen outside: the
 * image's root bound onto itself, /tmp a fresh tmpfs (the chart's emptyDir), /proc and /dev, the
 * host's /etc/hosts and /etc/resolv.conf as a runtime provides them; then the root made read-only,
 * and the command run chrooted in the working directory as the image's user. Each step execs the
 * next: the process the caller signals is the image's.
 */
const RUNNER = `set -eu
root=$1 wd=$2 uid=$3 gid=$4
shift 4
mount --make-rprivate /
mount --bind "$root" "$root"
mount -t tmpfs -o mode=1777,nosuid,nodev tmpfs "$root/tmp"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
for file in /etc/hosts /etc/resolv.conf; do
  [ -e "$root$file" ] || : > "$root$file"
  mount --bind -o ro "$file" "$root$file"
done
mount -o remount,bind,ro "$root"
exec unshare --root="$root" --wd="$wd" --setgid="$gid" --setuid="$uid" -- "$@"`;

export function openImage(reference: string): OpenedImage {
  const inspected = JSON.parse(buildah(['inspect', '--type', 'image', reference])) as {
    OCIv1: { config: ImageConfig };
    Docker: { config?: { Healthcheck?: { Test?: string[] } } };
  };
  const { config } = inspected.OCIv1;
  const container = buildah(['from', '--pull=never', '--quiet', reference]);
  const root = buildah(['mount', container]);
  const [userName = 'root'] = config.User.split(':');
  const entry = readFileSync(join(root, 'etc', 'passwd'), 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === userName || fields[2] === userName);
  if (!entry) throw new Error(`the image's user ${config.User} is not in its /etc/passwd`);
  const user = { uid: Number(entry[2]), gid: Number(entry[3]), home: entry[5]! };
  const imageEnv = Object.fromEntries(
    config.Env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
  const wrapper = [
    'unshare',
    '--mount',
    'sh',
    '-c',
    RUNNER,
    'image-runner',
    root,
    config.WorkingDir || '/',
    String(user.uid),
    String(user.gid),
  ];
  // The service's own variables from `env`; the image's environment over them (NODE_ENV above all).
  const serviceVariables = new Set(Object.keys(envSchema.shape));
  const envFor = (env: NodeJS.ProcessEnv) => ({
    ...Object.fromEntries(Object.entries(env).filter(([name]) => serviceVariables.has(name))),
    HOME: user.home,
    ...imageEnv,
  });
  return {
    config,
    healthcheck: inspected.Docker.config?.Healthcheck?.Test,
    root,
    user,
    run: (args, { env = {}, input } = {}) =>
      spawnSync(wrapper[0]!, [...wrapper.slice(1), ...args], {
        env: { ...imageEnv, HOME: user.home, ...env },
        input,
        encoding: 'utf8',
        timeout: 60_000,
      }),
    launch: (role, env) => new MainProcess(role, envFor(env), { wrapper, command: config.Entrypoint }),
    remove() {
      buildah(['umount', container]);
      buildah(['rm', container]);
    },
  };
}
