import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { Options, transformSync } from '@swc/core';

/**
 * The module graph of our own code as the build compiles it (swc, .swcrc), so that imports of
 * types alone, which swc drops, do not count: followed through every `require` and
 * `require.resolve` of our files, from the repository's root.
 */
const root = join(__dirname, '..', '..', '..');
const { $schema: _, ...swcrc } = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8')) as Options & { $schema?: string };

/** What the image runs: the roles through main.js, the operators' CLI, and the image's health check. */
export const PRODUCTION_ENTRIES = ['src/main.ts', 'src/cli/main.ts', 'src/healthcheck.ts'];
/** What the sandbox image (the Dockerfile's `sandbox` stage) runs besides: the rails simulator and its health check. */
export const SANDBOX_ENTRIES = ['sim/main.ts', 'sim/healthcheck.ts'];
/** `npm start`'s entry (dev/, outside the image): embedded PostgreSQL and the Temporal dev server. */
export const DEVELOPMENT_ENTRY = 'dev/start.ts';

function requiresOf(file: string): string[] {
  const { code } = transformSync(readFileSync(file, 'utf8'), { ...swcrc, filename: file, sourceMaps: false, swcrc: false, configFile: false });
  return [...code.matchAll(/\brequire(?:\.resolve)?\((["'])([^"']+)\1\)/g)].map((match) => match[2]!);
}

function resolveSource(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const found = [base, `${base}.ts`, join(base, 'index.ts'), `${base}.json`].find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  if (!found) throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`);
  return found;
}

const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

export interface ModuleGraph {
  /** Our files it loads, relative to the root. */
  files: string[];
  /** The packages it loads, each with the first file that asks for it. */
  packages: Map<string, string>;
}

/** The graph from `entries` (paths from the root); `excluded` files are not followed. */
export function moduleGraph(entries: string[], excluded: string[] = []): ModuleGraph {
  const skip = new Set(excluded.map((file) => join(root, file)));
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const visit = (file: string) => {
    if (seen.has(file) || skip.has(file)) return;
    seen.add(file);
    if (file.endsWith('.json')) return;
    for (const specifier of requiresOf(file)) {
      if (specifier.startsWith('.')) visit(resolveSource(file, specifier));
      else if (!isBuiltin(specifier) && !packages.has(packageOf(specifier))) packages.set(packageOf(specifier), relative(root, file));
    }
  };
  entries.forEach((entry) => visit(join(root, entry)));
  return { files: [...seen].map((file) => relative(root, file)), packages };
}
