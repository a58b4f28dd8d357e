import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WorkflowHandle } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { Worker } from '@temporalio/worker';
import jwt from 'jsonwebtoken';
import { freePort } from '../../../src/infra/free-port';
import { MainProcess } from '../../../dev/main-process';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { isEncrypted, temporalDataConverter } from '../../../src/temporal/payload-codec';
import { installTemporalRuntime } from '../../../src/temporal/runtime';
import { WORKFLOW_BUNDLER_OPTIONS, WORKFLOWS_PATH } from '../../../src/temporal/workflow-modules';
import { payloadBytes, payloadsIn } from '../../support/payloads';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { createHierarchy } from '../../e2e/merchants/merchant-fixtures';
import { until } from '../../support/until';

/**
 * The payers' personal data in Temporal: a real order (a collector's QR, which a payer claims
 * with their name, tax id and account: the claim is an update of the order's workflow), run by
 * the test worker and the API as production runs them, leaves in its history nothing of its
 * payer in clear; the codec server
 * (`main.js codec-server`, as the chart and compose run it) decodes it for an operator it knows,
 * and for no one else; the Temporal CLI reads it through that server; and the encrypted history
 * replays on the worker's code with the worker's data converter.
 */
describe("payers' data in Temporal", () => {
  const payer = {
    full_name: `Joana Cifrada ${randomUUID().slice(0, 6)}`,
    currency: 'USD',
    account_number: `ACC-${randomBytes(4).toString('hex')}`,
    tax_id: String(10_000_000 + Math.floor(Math.random() * 1e7)),
  };
  const personal = [payer.full_name, payer.tax_id, payer.account_number];
  const token = randomBytes(24).toString('hex');
  const uiOrigin = 'https://temporal-ui.example.test';
  let stack: PaymentStack;
  let handle: WorkflowHandle;
  let history: temporal.api.history.v1.IHistory;
  let codecServer: MainProcess;
  let codecUrl: string;

  const startCodecServer = async (env: NodeJS.ProcessEnv) => {
    const port = await freePort();
    const server = new MainProcess('codec-server', {
      ...process.env,
      LOG_LEVEL: 'warn',
      CODEC_SERVER_PORT: String(port),
      CODEC_SERVER_CORS_ORIGINS: uiOrigin,
      ...env,
    });
    const url = `http://127.0.0.1:${port}`;
    await until(
      'the codec server to answer',
      () =>
        fetch(`${url}/health`).then(
          (response) => response.ok,
          () => false,
        ),
      { alive: () => server.assertRunning() },
    );
    return { server, url };
  };

  beforeAll(async () => {
    MainProcess.assertBuilt();
    stack = await startPaymentStack();
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const qr = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
      amount: '21.00',
    });
    expect(qr.status).toBe(201);
    const client = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const ack = await client.call.post('/v2/payments/previews', {
      qr: qr.body.qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    expect(ack.status).toBe(200);
    const orderId: string = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    const pay = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: stack.receiver.url(path),
    });
    expect(pay.status).toBe(200);
    handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    expect(await handle.result()).toBe('COMPLETED');
    history = await handle.fetchHistory();
    ({ server: codecServer, url: codecUrl } = await startCodecServer({ CODEC_SERVER_TOKENS: token }));
  });
  afterAll(async () => {
    await codecServer?.stop();
    await stack?.close();
  });

  /** What the codec encrypted in the history: the payer's claim among them. */
  const encrypted = () => payloadsIn(history.events, { encodedOnly: true });
  const asJson = (payloads: Payload[]) => ({
    payloads: payloads.map((payload) => ({
      metadata: Object.fromEntries(
        Object.entries(payload.metadata ?? {}).map(([name, value]) => [name, Buffer.from(value).toString('base64')]),
      ),
      data: Buffer.from(payload.data ?? new Uint8Array()).toString('base64'),
    })),
  });
  const codec = (operation: 'decode' | 'encode', body: object, headers: Record<string, string> = {}, url = codecUrl) =>
    fetch(`${url}/${operation}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const textOf = (json: { payloads: Array<{ data: string }> }) =>
    json.payloads.map((payload) => Buffer.from(payload.data, 'base64').toString('utf8')).join('\n');

  it("keeps nothing of the payer in clear in the order's history: every payload but the search attributes and headers is encrypted", () => {
    const payloads = payloadsIn(history.events);
    const inClear = payloads.filter((payload) => personal.some((value) => payloadBytes(payload).includes(value)));
    expect(inClear).toEqual([]);
    expect(encrypted().length).toBeGreaterThan(10);
    expect(encrypted().filter((payload) => !isEncrypted(payload))).toEqual([]);
  });

  it('decodes it through the codec server for an operator with a token, and answers the Web UI of its origin', async () => {
    const response = await codec('decode', asJson(encrypted()), {
      authorization: `Bearer ${token}`,
      origin: uiOrigin,
      'x-namespace': 'default',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(uiOrigin);
    const decoded = (await response.json()) as { payloads: Array<{ metadata: Record<string, string>; data: string }> };
    expect(decoded.payloads.map((payload) => Buffer.from(payload.metadata.encoding!, 'base64').toString())).toContain(
      'json/plain',
    );
    for (const value of personal) expect(textOf(decoded)).toContain(value);

    const encoded = (await (await codec('encode', decoded, { authorization: `Bearer ${token}` })).json()) as {
      payloads: Array<{ data: string }>;
    };
    expect(textOf(encoded)).not.toContain(payer.full_name);
    expect(
      textOf(
        (await (await codec('decode', encoded, { authorization: `Bearer ${token}` })).json()) as {
          payloads: Array<{ data: string }>;
        },
      ),
    ).toContain(payer.full_name);

    // Proto3 JSON leaves an empty list out: the CLI sends `{}` for a query without arguments.
    expect(await (await codec('encode', {}, { authorization: `Bearer ${token}` })).json()).toEqual({ payloads: [] });

    const preflight = await fetch(`${codecUrl}/decode`, {
      method: 'OPTIONS',
      headers: {
        origin: uiOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-namespace',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('refuses anyone else, and a page of another origin, without decoding', async () => {
    for (const headers of [
      {},
      { authorization: `Bearer ${randomBytes(24).toString('hex')}` },
      { authorization: `Basic ${token}` },
    ] as Array<Record<string, string>>) {
      const response = await codec('decode', asJson(encrypted()), headers);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(await response.text()).not.toContain(payer.full_name);
    }
    const elsewhere = await codec('decode', asJson(encrypted()), {
      authorization: `Bearer ${token}`,
      origin: 'https://evil.example.com',
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("decodes for an operator the Web UI vouches for with the identity provider's access token, with the claim only", async () => {
    const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwks: Server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          keys: [{ ...provider.publicKey.export({ format: 'jwk' }), kid: 'k1', use: 'sig', alg: 'RS256' }],
        }),
      );
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
    const issuer = 'https://login.example.test/';
    const { server, url } = await startCodecServer({
      CODEC_SERVER_JWKS_URL: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
      CODEC_SERVER_JWT_ISSUER: issuer,
      CODEC_SERVER_JWT_CLAIM: 'groups=payments-pii',
    });
    try {
      const accessToken = (groups: string[]) =>
        jwt.sign({ sub: 'ana@ops.example', groups }, provider.privateKey, {
          algorithm: 'RS256',
          keyid: 'k1',
          issuer,
          expiresIn: 300,
        });
      const allowed = await codec(
        'decode',
        asJson(encrypted()),
        { authorization: `Bearer ${accessToken(['ops', 'payments-pii'])}`, origin: uiOrigin },
        url,
      );
      expect(allowed.status).toBe(200);
      expect(textOf((await allowed.json()) as { payloads: Array<{ data: string }> })).toContain(payer.full_name);
      const withoutClaim = await codec(
        'decode',
        asJson(encrypted()),
        { authorization: `Bearer ${accessToken(['ops'])}` },
        url,
      );
      expect([withoutClaim.status, await withoutClaim.json()]).toEqual([
        403,
        { statusCode: 403, message: 'not allowed to see payloads' },
      ]);
    } finally {
      await server.stop();
      await new Promise((resolve) => jwks.close(resolve));
    }
  });

  const cli = process.env.TEMPORAL_CLI_PATH;
  /** `temporal workflow <command>` on the order's workflow; not spawnSync: the test's worker, in this process, answers the queries. */
  const temporalCli = (command: string, ...flags: string[]) =>
    new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      const args = [
        'workflow',
        command,
        '--address',
        process.env.TEMPORAL_ADDRESS!,
        '--workflow-id',
        handle.workflowId,
        ...flags,
      ];
      execFile(cli!, args, { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
        resolve({ status: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
  (cli ? it : it.skip)(
    'lets the Temporal CLI show the history and query the workflow through the codec server, and only through it',
    async () => {
      // The CLI prints payloads as proto JSON, their bytes in base64.
      const payloadText = (stdout: string) =>
        payloadsIn(JSON.parse(stdout))
          .map((payload) => Buffer.from(String(payload.data ?? ''), 'base64').toString('utf8'))
          .join('\n');
      const withCodec = ['--codec-endpoint', codecUrl, '--codec-auth', `Bearer ${token}`];
      const decoded = await temporalCli('show', '--output', 'json', ...withCodec);
      expect({ status: decoded.status, stderr: decoded.stderr }).toEqual({ status: 0, stderr: '' });
      for (const value of personal) expect(payloadText(decoded.stdout)).toContain(value);
      const status = await temporalCli('query', '--type', 'status', ...withCodec);
      expect({ status: status.status, stderr: status.stderr }).toEqual({ status: 0, stderr: '' });
      expect(status.stdout).toContain('"COMPLETED"');

      const raw = await temporalCli('show', '--output', 'json');
      expect(raw.status).toBe(0);
      expect(payloadText(raw.stdout)).not.toContain(payer.full_name);
      expect((await temporalCli('show', '--output', 'json', '--codec-endpoint', codecUrl)).status).not.toBe(0);
    },
  );

  it("replays on the worker's code with the worker's data converter, and not with another key", async () => {
    installTemporalRuntime('warn');
    const replay = (keys: string) =>
      Worker.runReplayHistory(
        {
          workflowsPath: WORKFLOWS_PATH,
          bundlerOptions: WORKFLOW_BUNDLER_OPTIONS,
          dataConverter: temporalDataConverter({ TEMPORAL_PAYLOAD_KEYS: keys }),
        },
        history,
        handle.workflowId,
      );
    await expect(replay(process.env.TEMPORAL_PAYLOAD_KEYS!)).resolves.toBeUndefined();
    await expect(replay(`test:${randomBytes(32).toString('base64')}`)).rejects.toThrow(
      /does not open with the key of that id/,
    );
  });
});
