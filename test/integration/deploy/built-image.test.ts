import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';
import { buildImage, builtImageUnavailable, ImageBuild, openImage, OpenedImage } from '../../support/built-image';
import { expectImageContents } from '../../support/image-contents';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { payer, pixQr } from '../../support/qr-fixtures';

/**
 * The image itself: `npm run image:build` builds the Dockerfile with buildah (on a base image it
 * makes from Debian's packages and the npm registry), and the api and the worker run from it
 * (test/support/built-image.ts: its root read-only, its user, its environment and entrypoint)
 * against the tests' PostgreSQL and Temporal, until a payment completes through them.
 * image.test.ts checks the same tree without buildah; without buildah (or root), this says how to
 * get it and is skipped, never passed.
 */
const unavailable = builtImageUnavailable();
if (unavailable) console.info(`the image built with buildah: skipped, ${unavailable}`);

(unavailable ? describe.skip : describe)('the image, built with buildah and run', () => {
  let build: ImageBuild;
  let image: OpenedImage;
  let stack: ProcessStack;

  beforeAll(async () => {
    // The first build on a machine makes the base image and installs every dependency twice.
    build = buildImage();
    image = openImage(build.image);
    // Production refuses callbacks to http and to loopback, which the tests' other stacks allow.
    stack = await startProcessStack({ ALLOW_INSECURE_CALLBACKS: 'false' }, { launch: image.launch });
  }, 45 * 60_000);

  afterAll(async () => {
    await stack?.close();
    image?.remove();
  });

  /** The mount a process sees as its root, from its own mount table. */
  const rootMountOptions = (pid: number) =>
    readFileSync(`/proc/${pid}/mountinfo`, 'utf8')
      .split('\n')
      .map((line) => line.split(' '))
      .find((fields) => fields[4] === '/')![5]!.split(',');

  it('runs Node 24 LTS, and is labelled with its source, revision and version', () => {
    expect(image.run(['node', '--version']).stdout).toMatch(/^v24\.\d+\.\d+\n$/);
    const labels = image.config.Labels;
    const version = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(labels['org.opencontainers.image.version']).toBe(version);
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    if (head.status === 0 && !process.env.IMAGE_REVISION)
      expect(labels['org.opencontainers.image.revision']).toMatch(new RegExp(`^${head.stdout.trim()}(-dirty)?$`));
    else expect(labels['org.opencontainers.image.revision']).toBe(process.env.IMAGE_REVISION);
    expect(labels['org.opencontainers.image.source']).toBe(build.labels.source);
  });

  it("holds no file its user may change, no development package, and Temporal's native core for its own platform only", () => {
    expectImageContents((args, options) => image.run(['node', ...args], options));
  });

  it('runs the api and the worker as its user, not root, on its own root file system, read-only but for /tmp', () => {
    expect(image.config.User).toBe('node');
    expect(image.user.uid).not.toBe(0);
    for (const child of [stack.api, stack.worker]) {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      expect(/^Uid:\s+(.*)$/m.exec(status)![1]!.split(/\s+/)).toEqual(Array(4).fill(String(image.user.uid)));
      expect(/^Gid:\s+(.*)$/m.exec(status)![1]!.split(/\s+/)).toEqual(Array(4).fill(String(image.user.gid)));
      expect(/^Groups:[ \t]*(.*)$/m.exec(status)![1]!.trim()).toBe('');
      // The image's own node, on the image's file system mounted read-only.
      expect(readlinkSync(`/proc/${child.pid}/root`)).toBe(image.root);
      expect(readlinkSync(`/proc/${child.pid}/exe`)).toBe(join(image.root, 'usr/local/bin/node'));
      expect(rootMountOptions(child.pid!)).toContain('ro');
    }
    const write = (path: string) =>
      image.run(['node', '-e', `try { require('fs').writeFileSync('${path}', ''); } catch (error) { console.log(error.code); }`]).stdout.trim();
    expect([write('/app/written'), write('/written'), write('/home/node/written'), write('/tmp/written')]).toEqual(['EROFS', 'EROFS', 'EROFS', '']);
  });

  it('answers /health and /ready: the api on its port, the worker on its metrics port', async () => {
    for (const url of [`${stack.apiUrl}/health`, `${stack.apiUrl}/ready`, stack.workerProbe('/health'), stack.workerProbe('/ready')])
      expect({ url, status: (await fetch(url)).status }).toEqual({ url, status: 200 });
  });

  it('keeps its HEALTHCHECK, which answers for the api beside it', () => {
    expect(image.healthcheck).toEqual(['CMD', 'node', 'dist/src/healthcheck.js']);
    const [, ...command] = image.healthcheck!;
    expect(image.run(command, { env: { PORT: new URL(stack.apiUrl).port } }).status).toBe(0);
  });

  it('completes a QR payment through the api', async () => {
    const call = await stack.newPayer();
    const statusOf = async (orderId: string) => (await call.get(`/v2/payments/${orderId}/status`)).body.status as string;
    // Production takes only https callbacks to a public host: one that never resolves (RFC 2606),
    // and the order followed by its status instead.
    const notificationUrl = `https://callbacks.image-test.invalid/${randomUUID()}`;
    const ack = await call.post('/v2/payments/previews', {
      qr: pixQr('25.00'),
      external_reference: `image-${randomUUID()}`,
      notification_url: notificationUrl,
      user: payer,
    });
    expect({ status: ack.status, body: ack.body }).toMatchObject({ status: 200 });
    const orderId = ack.body.order_id as string;
    await stack.until('the order to be quoted', 60_000, async () => ((await statusOf(orderId)) === 'CREATED' ? true : undefined));
    const accepted = await call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: notificationUrl });
    expect({ status: accepted.status, body: accepted.body }).toMatchObject({ status: 200 });
    const final = await stack.until('the payment to end', 60_000, async () => {
      const status = await statusOf(orderId);
      return status === 'PROCESSING' ? undefined : status;
    });
    expect(final).toBe('COMPLETED');
  });
});
