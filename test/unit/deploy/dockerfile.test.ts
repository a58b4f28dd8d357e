import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { copies, environment, execForm, instructions, parseDockerfile, Stage, target } from '../../support/dockerfile';
import { moduleGraph, PRODUCTION_ENTRIES, SANDBOX_ENTRIES } from './module-graph';
import { tracedBundlePath } from '../../../src/temporal/workflow-modules';

/**
 * The Dockerfile, read: there is no Docker engine to build it with in the tests. What it holds
 * and runs is checked here; test/integration/deploy/image.test.ts runs the tree it assembles.
 */
const root = join(__dirname, '..', '..', '..');
const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
const stage = (name: string) => stages.find((candidate) => candidate.name === name)!;
const runtime = stage('runtime');
const sandbox = stage('sandbox');
const build = stage('build');
const runs = (of: Stage) => instructions(of, 'RUN').join(' && ');
const APP = '/app';

describe('the Dockerfile', () => {
  it('builds from the lock with every dependency, and installs the production ones apart with npm ci --omit=dev, running no install script', () => {
    expect(stages.map((candidate) => candidate.name)).toEqual(['build', 'production-dependencies', 'runtime', 'sandbox', undefined]);
    expect(runs(build)).toMatch(/\bnpm ci --ignore-scripts\b/);
    expect(runs(stage('production-dependencies'))).toMatch(/\bnpm ci --omit=dev --ignore-scripts\b/);
    for (const each of stages) expect(runs(each)).not.toMatch(/\bnpm (install|i|prune)\b/);
    // Node 24 LTS; `npm run image:build` makes this base locally under this name (scripts/run.mjs).
    expect(new Set(stages.map((each) => each.base))).toEqual(new Set(['node:24-bookworm-slim', 'runtime']));
  });

  it('compiles the folders `npm run build` compiles, the simulator (sim/) included, but the development harness (dev/)', () => {
    const runScript = readFileSync(join(root, 'scripts', 'run.mjs'), 'utf8');
    const clientSources = /const CLIENT_SOURCES = '([^']+)'/.exec(runScript)![1]!;
    const [, listed = ''] = /const COMPILED = \[([^\]]*)\]/.exec(runScript) ?? [];
    const folders = listed
      .split(',')
      .map((word) => word.trim().replace(/'/g, ''))
      .filter(Boolean)
      .map((word) => (word === 'CLIENT_SOURCES' ? clientSources : word));
    expect(folders).toEqual(expect.arrayContaining(['src', 'sim', 'dev']));
    // What only `npm start` and the tests run is never built into the image, let alone copied.
    folders.splice(folders.indexOf('dev'), 1);
    expect(runs(build)).toContain(`npx swc ${folders.join(' ')} -d dist --config-file .swcrc`);
  });

  it('gives the image the production node_modules, compiled code, the bundle and package.json: no source, no build tool, no dev script', () => {
    const copied = copies(runtime);
    expect(copied.filter((copy) => copy.from === 'production-dependencies')).toEqual([{ from: 'production-dependencies', sources: [`${APP}/node_modules`], destination: './node_modules' }]);
    expect(copied.filter((copy) => copy.from === undefined)).toEqual([{ from: undefined, sources: ['package.json'], destination: './' }]);
    const fromBuild = copied.filter((copy) => copy.from === 'build');
    expect(fromBuild.length + 2).toBe(copied.length);
    for (const copy of fromBuild) {
      expect(copy.sources.every((source) => source.startsWith(`${APP}/dist/`) && !/^\/app\/dist\/(sim|dev|scripts)(\/|$)/.test(source))).toBe(true);
      expect(copy.destination).toBe(`./${posix.relative(APP, copy.sources[0]!)}`);
    }
  });

  it('holds every compiled file the api, the worker, the codec server, the CLI and the health check load', () => {
    const fromBuild = copies(runtime).filter((copy) => copy.from === 'build').flatMap((copy) => copy.sources.map((source) => posix.relative(APP, source)));
    const compiled = moduleGraph(PRODUCTION_ENTRIES).files.map((file) => `dist/${file.replace(/\.ts$/, '.js')}`);
    expect(compiled.filter((file) => !fromBuild.some((copied) => file === copied || file.startsWith(`${copied}/`)))).toEqual([]);
  });

  it('runs the worker on the workflow bundle the build stage makes, or on its traced twin when it traces', () => {
    const bundle = environment(runtime).WORKFLOW_BUNDLE_PATH!;
    expect(bundle).toMatch(new RegExp(`^${APP}/`));
    const inApp = posix.relative(APP, bundle);
    expect(runs(build)).toContain(`node dist/scripts/bundle-workflows.js ${inApp}`);
    for (const copied of [bundle, tracedBundlePath(bundle)]) {
      expect(copies(runtime)).toContainEqual({ from: 'build', sources: [copied], destination: `./${posix.relative(APP, copied)}` });
    }
  });

  it('is labelled with where it comes from: source, revision and version, build arguments of the runtime stage', () => {
    const labels = instructions(runtime, 'LABEL').join(' ');
    for (const [label, argument] of [
      ['source', 'IMAGE_SOURCE'],
      ['revision', 'IMAGE_REVISION'],
      ['version', 'IMAGE_VERSION'],
    ]) {
      expect(instructions(runtime, 'ARG')).toContain(`${argument}=`);
      expect(labels).toContain(`org.opencontainers.image.${label}="\${${argument}}"`);
    }
    // After every COPY: a new revision changes no layer that holds files.
    const keywords = runtime.instructions.map((instruction) => instruction.keyword);
    expect(keywords.indexOf('LABEL')).toBeGreaterThan(keywords.lastIndexOf('COPY'));
  });

  it('runs main.js in production as node, with a health check of its own code', () => {
    expect(environment(runtime).NODE_ENV).toBe('production');
    expect(instructions(runtime, 'WORKDIR')).toEqual([APP]);
    // `node` is uid 1000 in the Node images: the Helm chart's runAsUser.
    expect(instructions(runtime, 'USER')).toEqual(['node']);
    expect(execForm(instructions(runtime, 'ENTRYPOINT')[0]!)).toEqual(['node', '--enable-source-maps', 'dist/src/main.js']);
    const [healthcheck] = instructions(runtime, 'HEALTHCHECK');
    expect(healthcheck).toMatch(/ CMD \[/);
    expect(execForm(healthcheck!)).toEqual(['node', 'dist/src/healthcheck.js']);
  });

  it('makes the production image by default: the last stage is the runtime stage as it is', () => {
    const last = stages.at(-1)!;
    expect({ base: last.base, instructions: last.instructions }).toEqual({ base: 'runtime', instructions: [] });
    expect(target(stages)).toBe(runtime);
  });

  it('makes the sandbox image (`--target sandbox`) from the production image and the compiled simulator, which it runs', () => {
    expect(sandbox.base).toBe('runtime');
    expect(copies(sandbox)).toEqual([{ from: 'build', sources: [`${APP}/dist/sim`], destination: './dist/sim' }]);
    expect(execForm(instructions(sandbox, 'ENTRYPOINT')[0]!)).toEqual(['node', '--enable-source-maps', 'dist/sim/main.js']);
    expect(execForm(instructions(sandbox, 'CMD')[0]!)).toEqual(['rails']);
    expect(execForm(instructions(sandbox, 'HEALTHCHECK')[0]!)).toEqual(['node', 'dist/sim/healthcheck.js']);
    // Everything the simulator loads is in it: the production image's code, and dist/sim.
    const held = [...copies(runtime), ...copies(sandbox)].filter((copy) => copy.from === 'build').flatMap((copy) => copy.sources.map((source) => posix.relative(APP, source)));
    const compiled = moduleGraph(SANDBOX_ENTRIES).files.map((file) => `dist/${file.replace(/\.ts$/, '.js')}`);
    expect(compiled.filter((file) => !held.some((copied) => file === copied || file.startsWith(`${copied}/`)))).toEqual([]);
  });
});
