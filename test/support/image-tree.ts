import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { PROJECT_ROOT } from '../../src/config/dev-defaults';
import { copies, environment, instructions, parseDockerfile, target } from './dockerfile';

/**
 * The files the Dockerfile's runtime stage holds under /app, assembled outside Docker from this
 * checkout: package.json; node_modules as `npm ci --omit=dev` installs it from the lock (every
 * package the lock does not mark dev, hard-linked from the checkout's node_modules, which `npm ci`
 * made from the same lock), then changed by the stage's other commands, run as written; and dist/
 * as the build stage leaves it (the checkout's build, and the workflow bundle made by the command
 * the build stage runs). Its folders are left read-only, as the Helm chart's root filesystem is.
 */
export interface ImageTree {
  /** What /app is in the image. */
  root: string;
  /** The runtime stage's ENV, with /app made `root`. */
  env: Record<string, string>;
  /** The stage's HEALTHCHECK command. */
  healthcheck: string;
  remove(): void;
}

const APP = '/app';

interface LockedPackage {
  dev?: boolean;
  link?: boolean;
}

/** Hard links of `from`'s files into `to` (same file system as the checkout, so no copy), leaving out nested node_modules. */
function linkPackage(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') linkPackage(source, target);
    } else if (entry.isSymbolicLink()) {
      symlinkSync(readlinkSync(source), target);
    } else {
      linkSync(source, target);
    }
  }
}

function productionNodeModules(target: string): void {
  const lock = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  for (const [path, entry] of Object.entries(lock.packages)) {
    // Other platforms' optional binaries are in the lock but not installed here, nor in the image.
    if (!path || entry.dev || entry.link || !existsSync(join(PROJECT_ROOT, path))) continue;
    linkPackage(join(PROJECT_ROOT, path), join(target, path));
  }
}

function setWritable(dir: string, writable: boolean): void {
  chmodSync(dir, writable ? 0o755 : 0o555);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !lstatSync(join(dir, entry.name)).isSymbolicLink())
      setWritable(join(dir, entry.name), writable);
  }
}

export function assembleImageTree(): ImageTree {
  const stages = parseDockerfile(readFileSync(join(PROJECT_ROOT, 'Dockerfile'), 'utf8'));
  const runtime = target(stages);
  const build = stages.find((stage) => stage.name === 'build')!;
  const root = mkdtempSync(join(tmpdir(), 'image-app-'));
  const buildOutputs = mkdtempSync(join(tmpdir(), 'image-build-'));
  try {
    // What the build stage's RUN makes beyond `npm run build`'s dist/: the workflow bundle.
    const bundleCommand = /node (dist\/scripts\/bundle-workflows\.js) (\S+)/.exec(
      instructions(build, 'RUN').join(' '),
    )!;
    mkdirSync(join(buildOutputs, dirname(bundleCommand[2]!)), { recursive: true });
    const bundled = spawnSync(process.execPath, [bundleCommand[1]!, join(buildOutputs, bundleCommand[2]!)], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 180_000,
    });
    if (bundled.status !== 0) throw new Error(`the build stage's bundle-workflows failed: ${bundled.stderr}`);

    const fromStage = (stage: string | undefined, source: string) => {
      if (stage === undefined) return join(PROJECT_ROOT, source);
      const inApp = posix.relative(APP, source);
      if (stage === 'build')
        return existsSync(join(buildOutputs, inApp)) ? join(buildOutputs, inApp) : join(PROJECT_ROOT, inApp);
      throw new Error(`no reproduction of a copy from stage ${stage}`);
    };
    for (const copy of copies(runtime)) {
      const destination = join(root, copy.destination);
      if (copy.from === 'production-dependencies') {
        // Its `npm ci --omit=dev`, then what its other commands do to node_modules, run as they are.
        const [install, ...after] = instructions(
          stages.find((candidate) => candidate.name === copy.from)!,
          'RUN',
        );
        if (!/^npm ci --omit=dev\b/.test(install ?? ''))
          throw new Error(`stage ${copy.from} no longer starts with npm ci --omit=dev: reproduce what it does`);
        productionNodeModules(root);
        for (const command of after) {
          const ran = spawnSync('sh', ['-c', command], { cwd: root, encoding: 'utf8' });
          if (ran.status !== 0) throw new Error(`stage ${copy.from}: \`${command}\` failed: ${ran.stderr}`);
        }
        continue;
      }
      for (const source of copy.sources) {
        const target = copy.destination.endsWith('/') ? join(destination, posix.basename(source)) : destination;
        cpSync(fromStage(copy.from, source), target, { recursive: true });
      }
    }
  } finally {
    rmSync(buildOutputs, { recursive: true, force: true });
  }
  setWritable(root, false);
  const inRoot = (value: string) => value.replace(new RegExp(`^${APP}(?=/|$)`), root);
  return {
    root,
    env: Object.fromEntries(Object.entries(environment(runtime)).map(([name, value]) => [name, inRoot(value)])),
    healthcheck: instructions(runtime, 'HEALTHCHECK')[0]!,
    remove() {
      setWritable(root, true);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * The compiled files `entries` (paths in `root`) load, followed through every relative `require`
 * of the compiled code as Node resolves it; `unresolved` names each require that finds no file in
 * `root`, which would fail there at run time.
 */
export function requiredFiles(root: string, entries: readonly string[]): { files: string[]; unresolved: string[] } {
  const seen = new Set<string>();
  const unresolved: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (!file.endsWith('.js')) return;
    for (const [, specifier] of readFileSync(join(root, file), 'utf8').matchAll(/\brequire\("(\.{1,2}\/[^"]+)"\)/g)) {
      const base = posix.join(posix.dirname(file), specifier!);
      const found = [base, `${base}.js`, `${base}/index.js`, `${base}.json`].find(
        (candidate) => existsSync(join(root, candidate)) && !lstatSync(join(root, candidate)).isDirectory(),
      );
      if (found) visit(found);
      else unresolved.push(`${file} → ${specifier}`);
    }
  };
  entries.forEach(visit);
  return { files: [...seen], unresolved };
}
