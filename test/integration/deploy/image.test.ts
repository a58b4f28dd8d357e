import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { freePort } from '../../../src/infra/free-port';
import { MainProcess } from '../../../dev/main-process';
import { reconcilerScheduleId } from '../../../src/temporal/reconciler-schedule';
import { tracedBundlePath } from '../../../src/temporal/workflow-modules';
import { execForm } from '../../support/dockerfile';
import { expectImageContents } from '../../support/image-contents';
import { assembleImageTree, ImageTree, requiredFiles } from '../../support/image-tree';
import { testTemporalClient } from '../../support/temporal-client';
import { until } from '../../support/until';

/**
 * What the image holds, run as the image runs it: the tree its Dockerfile assembles
 * (test/support/image-tree.ts: the production dependencies only, the compiled code, the bundle
 * the build stage makes), read-only, as a user who owns none of it (uid 1000, `node` in the
 * image, when the tests run as root), in production, with the image's own environment. The
 * worker and the api start and serve from it against the tests' PostgreSQL and Temporal.
 * built-image.test.ts runs the image itself, where buildah is installed.
 */
describe('the image', () => {
  const asImageUser = process.getuid?.() === 0 ? { uid: 1000, gid: 1000 } : undefined;
  const taskQueue = `image-${randomUUID()}`;
  let tree: ImageTree;
  let tmp: string;
  let env: NodeJS.ProcessEnv;
  let worker: MainProcess;
  let api: MainProcess;
  let temporal: Client;
  // The Node the tests run on, where the image's user can run it: `npm run test:lts` runs one from
  // root's cache (mode 700), as the image has its own in /usr/local/bin.
  let nodeBinary = process.execPath;
  let nodeDir: string | undefined;

  /** `node <args>` in the tree, as the image's user. */
  const node = (args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string) =>
    spawnSync(nodeBinary, args, { cwd: tree.root, env: { ...env, ...extraEnv }, input, encoding: 'utf8', timeout: 60_000, ...asImageUser });

  beforeAll(async () => {
    MainProcess.assertBuilt();
    tree = assembleImageTree();
    if (asImageUser) {
      nodeDir = mkdtempSync(join(tmpdir(), 'image-node-'));
      chmodSync(nodeDir, 0o755);
      nodeBinary = join(nodeDir, 'node');
      copyFileSync(process.execPath, nodeBinary);
      chmodSync(nodeBinary, 0o755);
    }
    // The one writable place, as the chart's /tmp.
    tmp = mkdtempSync(join(tmpdir(), 'image-tmp-'));
    if (asImageUser) chownSync(tmp, asImageUser.uid, asImageUser.gid);
    else chmodSync(tmp, 0o700);
    env = {
      PATH: process.env.PATH,
      HOME: tree.root,
      TMPDIR: tmp,
      ...tree.env,
      LOG_LEVEL: 'info',
      DATABASE_URL: process.env.DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.TEMPORAL_ADDRESS,
      TEMPORAL_TASK_QUEUE: taskQueue,
      JWT_SECRET: process.env.JWT_SECRET,
      SECRETS_KEY: process.env.SECRETS_KEY,
      TEMPORAL_PAYLOAD_KEYS: process.env.TEMPORAL_PAYLOAD_KEYS,
      RAILS_URL: 'http://127.0.0.1:1',
      PORT: String(await freePort()),
      API_METRICS_PORT: String(await freePort()),
      WORKER_METRICS_PORT: String(await freePort()),
    };
    const command = [nodeBinary, '--enable-source-maps', 'dist/src/main.js'];
    worker = new MainProcess('worker', env, { root: tree.root, user: asImageUser, command });
    api = new MainProcess('api', env, { root: tree.root, user: asImageUser, command });
    temporal = await testTemporalClient();
  }, 300_000);

  afterAll(async () => {
    await Promise.all([worker?.stop(), api?.stop()]);
    await temporal?.schedule.getHandle(reconcilerScheduleId(taskQueue)).delete().catch(() => undefined);
    await temporal?.connection.close();
    tree?.remove();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    if (nodeDir) rmSync(nodeDir, { recursive: true, force: true });
  });

  const untilHealthy = (role: string, child: MainProcess) =>
    until(`the ${role} to answer /ready`, () => node(['dist/src/healthcheck.js', role, '/ready']).status === 0, {
      timeoutMs: 120_000,
      intervalMs: 1000,
      alive: () => child.assertRunning(),
      detail: () => child.recentOutput,
    });

  it("holds no file its user may change, no development package, and Temporal's native core for its own platform only", () => {
    expectImageContents((args, { input } = {}) => node(args, {}, input));
  });

  it('ships the product alone: no code of the harness (sim/, dev/, scripts/), nothing it runs requires any, and main.js has no rails role', () => {
    const dist = join(tree.root, 'dist');
    expect(readdirSync(dist).filter((name) => !/^workflow-bundle(\.traced)?\.js$/.test(name)).sort()).toEqual(['activities', 'clients', 'src', 'workflows']);
    // What the processes load, followed through the compiled code: all of it in the tree, none of it the harness's.
    const { files, unresolved } = requiredFiles(tree.root, ['dist/src/main.js', 'dist/src/cli/main.js', 'dist/src/healthcheck.js']);
    expect(unresolved).toEqual([]);
    expect(files.filter((file) => !/^dist\/(src|workflows|activities|clients)\//.test(file))).toEqual([]);
    // The worker's workflow code: the bundles' own modules (webpack names them by path) are the product's too.
    for (const bundle of [tree.env.WORKFLOW_BUNDLE_PATH!, tracedBundlePath(tree.env.WORKFLOW_BUNDLE_PATH!)]) {
      const modules = [...readFileSync(bundle, 'utf8').matchAll(/\/\*{3}\/ "(\.\/[^"]+)"/g)].map((match) => match[1]!);
      expect(modules.length).toBeGreaterThan(0);
      expect(modules.filter((module) => !/^\.\/(node_modules|dist\/(src|workflows|activities|clients))\//.test(module))).toEqual([]);
    }
    // The rails simulator is the sandbox image's (`--target sandbox`): here, the rails role is a usage error.
    const rails = spawnSync(nodeBinary, ['dist/src/main.js', 'rails'], { cwd: tree.root, env: { ...env, RAILS_PORT: '0' }, encoding: 'utf8', timeout: 15_000, ...asImageUser });
    expect({ status: rails.status, stderr: rails.stderr }).toEqual({ status: 2, stderr: 'usage: main.js <api|worker|codec-server>\n' });
    expect(node(['dist/src/healthcheck.js', 'rails']).status).toBe(2);
  });

  it("runs the worker on the build's workflow bundle: it polls without bundling, and runs workflows and activities", async () => {
    await untilHealthy('worker', worker);
    expect(worker.recentOutput).not.toContain('Workflow bundle created');
    // A reconciler run that finds nothing to do: workflow code from the bundle, an activity reading PostgreSQL.
    const found = await temporal.workflow.execute('orderReconcilerWorkflow', { taskQueue, workflowId: `image-${randomUUID()}`, args: [{ graceMs: 100 * 365 * 86_400_000 }] });
    expect(found).toBe(0);
  });

  it('runs the api, ready once migrated', async () => {
    await untilHealthy('api', api);
  });

  it("answers the image's HEALTHCHECK for whichever process runs beside it", async () => {
    await untilHealthy('worker', worker);
    const [command, ...args] = execForm(tree.healthcheck);
    expect(command).toBe('node');
    const closed = String(await freePort());
    const check = (extraEnv: NodeJS.ProcessEnv) => node(args, { CODEC_SERVER_PORT: closed, ...extraEnv });
    expect(check({ PORT: closed }).status).toBe(0);
    expect(check({ PORT: closed, WORKER_METRICS_PORT: closed }).status).toBe(1);
  });

  it("runs the operators' CLI", async () => {
    await untilHealthy('api', api);
    const created = node(['dist/src/cli/main.js', 'clients:create', '--name', 'From the image', '--json']);
    expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(created.stdout)).toMatchObject({ api_key: expect.stringMatching(/^cbp_/) });
  });
});
