import { randomBytes, randomUUID } from 'node:crypto';
import { REQUEST_ID_ATTRIBUTE } from '../../../src/observability/request-span';
import { decodedHistory } from '../../../src/temporal/history-codec';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../../support/otlp-receiver';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { testTemporalClient } from '../../support/temporal-client';

/**
 * The api and worker processes with OTEL_EXPORTER_OTLP_ENDPOINT pointing at a stand-in
 * collector: one QR preview is one trace, from the HTTP request through the workflow and its
 * activities to the rail call and the callback.
 */
describe('OpenTelemetry traces', () => {
  let collector: OtlpReceiver;
  let stack: ProcessStack;

  beforeAll(async () => {
    collector = await startOtlpReceiver();
    stack = await startProcessStack({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    await collector?.close();
  });

  it('follows a QR payment from the preview request (with its request id) through the workflow and its activities to the rails and the callbacks', async () => {
    const call = await stack.newPayer();
    const requestId = `trace-${randomUUID()}`;
    const path = `/traced/${randomUUID()}`;
    const ack = await call.post(
      '/v2/payments/previews',
      {
        qr: pixQr('25.00'),
        external_reference: `t-${randomUUID()}`,
        notification_url: stack.receiver.url(path),
        user: payer,
      },
      { 'x-request-id': requestId },
    );
    // The whole answer, so that a refusal says why.
    expect({ status: ack.status, body: ack.body }).toMatchObject({ status: 200 });
    expect(ack.headers.get('x-request-id')).toBe(requestId);
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined, 60_000);
    const pay = await call.post('/v2/payments', {
      order_id: preview.body.order.id,
      status: 'accepted',
      notification_url: stack.receiver.url(path),
    });
    expect(pay.status).toBe(200);
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED', 60_000);

    const request = await stack.until('the request span', 30_000, async () =>
      collector.spans.find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === requestId),
    );
    expect(request).toMatchObject({ service: 'crossborder-payments-api', parentSpanId: undefined });
    expect(request.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.path': '/v2/payments/previews',
      'http.response.status_code': 200,
    });

    const trace = () => collector.spans.filter((span) => span.traceId === request.traceId);
    const named = (pattern: RegExp) => trace().filter((span) => pattern.test(span.name));
    // The workflow's own span is exported when the workflow ends, with the payment.
    await stack.until('the workflow span of the trace', 30_000, async () =>
      named(/^RunWorkflow:orderWorkflow$/).length > 0 ? true : undefined,
    );
    function callsTo(target: string): ReceivedSpan[] {
      return trace().filter(
        (span) =>
          span.service === 'crossborder-payments-worker' && String(span.attributes['url.full']).endsWith(target),
      );
    }

    const start = named(/^StartWorkflow:orderWorkflow$/);
    expect(start).toHaveLength(1);
    expect(start[0]!.service).toBe('crossborder-payments-api');
    const run = named(/^RunWorkflow:orderWorkflow$/);
    expect(run.length).toBeGreaterThanOrEqual(1);
    expect(run.every((span) => span.service === 'crossborder-payments-worker')).toBe(true);

    // Every span hangs from the request: each parent is in the same trace, up to it.
    const ids = new Set(trace().map((span) => span.spanId));
    for (const span of trace()) {
      if (span !== request) expect(ids.has(span.parentSpanId!)).toBe(true);
    }
    const [resolve] = callsTo('/acquirer/merchants/resolve');
    expect(ancestors(resolve!)).toEqual([
      'RunActivity:prepareOrder',
      'StartActivity:prepareOrder',
      'RunWorkflow:orderWorkflow',
      'StartWorkflow:orderWorkflow',
      'POST',
    ]);
    const [payout] = callsTo('/acquirer/payouts');
    expect(ancestors(payout!).slice(0, 3)).toEqual([
      'RunActivity:sendPayout',
      'StartActivity:sendPayout',
      'RunWorkflow:orderWorkflow',
    ]);
    const callbacks = callsTo(path);
    expect(callbacks.map((callback) => ancestors(callback).slice(0, 3))).toEqual(
      expect.arrayContaining([
        // The preview's callback, an activity of its own (the order then waits for an answer);
        ['RunActivity:deliverNotification', 'StartActivity:deliverNotification', 'RunWorkflow:orderWorkflow'],
        // the COMPLETED one, sent by the step that settles the order (no update waits on it).
        ['RunActivity:settleOrder', 'StartActivity:settleOrder', 'RunWorkflow:orderWorkflow'],
      ]),
    );
    expect(callbacks).toHaveLength(2);

    // The decision is a trace of its own, from its request to the update the workflow handled.
    const decision = collector.spans.find(
      (span) => span.name === 'HandleUpdate:decide' && span.attributes.workflowId === run[0]!.attributes.workflowId,
    );
    const root = collector.spans.find((span) => span.traceId === decision?.traceId && span.parentSpanId === undefined);
    expect(root?.attributes).toMatchObject({ 'http.request.method': 'POST', 'url.path': '/v2/payments' });

    // Scrapes and health probes, and what a scrape reads (the runtime exporter's /metrics), are never traced.
    expect((await fetch(stack.workerMetrics)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const urls = collector.spans.map((span) => String(span.attributes['url.full'] ?? span.attributes['url.path']));
    expect(urls.filter((url) => /\/(metrics|health)$/.test(url))).toEqual([]);
  }, 120_000);

  it("takes no trace context from an integrator's requests, and sends none in its callbacks", async () => {
    const call = await stack.newPayer();
    const theirs = {
      traceId: randomBytes(16).toString('hex'),
      state: `vendor${randomBytes(4).toString('hex')}`,
      taxId: String(10_000_000_000 + randomBytes(4).readUInt32BE()),
    };
    const traceHeaders = {
      traceparent: `00-${theirs.traceId}-${randomBytes(8).toString('hex')}-01`,
      tracestate: `${theirs.state}=opaque`,
      baggage: `taxId=${theirs.taxId}`,
    };
    const requestId = `edge-${randomUUID()}`;
    const path = `/edge/${randomUUID()}`;
    const ack = await call.post(
      '/v2/payments/previews',
      {
        qr: pixQr('25.00'),
        external_reference: `e-${randomUUID()}`,
        notification_url: stack.receiver.url(path),
        user: payer,
      },
      { ...traceHeaders, 'x-request-id': requestId },
    );
    // The whole answer, so that a refusal says why.
    expect({ status: ack.status, body: ack.body }).toMatchObject({ status: 200 });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined, 60_000)).body.order
      .id as string;
    const pay = await call.post(
      '/v2/payments',
      { order_id: orderId, status: 'accepted', notification_url: stack.receiver.url(path) },
      traceHeaders,
    );
    expect(pay.status).toBe(200);
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED', 60_000);

    // The preview's callback and the COMPLETED one: our headers, none of the trace's.
    const callbacks = stack.receiver.for(path);
    expect(callbacks).toHaveLength(2);
    for (const { headers } of callbacks) {
      expect(Object.keys(headers).filter((name) => ['traceparent', 'tracestate', 'baggage'].includes(name))).toEqual(
        [],
      );
      expect(JSON.stringify(headers)).not.toMatch(new RegExp(`${theirs.traceId}|${theirs.state}|${theirs.taxId}`));
    }

    // The request began a trace of our own, which the integrator's trace id never entered.
    const request = await stack.until('the request span', 30_000, async () =>
      collector.spans.find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === requestId),
    );
    expect(request.parentSpanId).toBeUndefined();
    expect(request.traceId).not.toBe(theirs.traceId);
    expect(collector.spans.filter((span) => span.traceId === theirs.traceId)).toEqual([]);

    // Nor did anything of it reach Temporal: the order's history (its headers included, its payloads decrypted) carries our trace context only.
    const temporal = await testTemporalClient();
    try {
      const fetched = await temporal.workflow.getHandle(`order-${orderId}`).fetchHistory();
      const history = JSON.stringify(
        await decodedHistory(fetched, temporal.options.loadedDataConverter.payloadCodecs),
        payloadsAsText,
      );
      expect(history).toContain('traceparent');
      expect(history).not.toMatch(new RegExp(`${theirs.traceId}|${theirs.state}|${theirs.taxId}|baggage`));
    } finally {
      await temporal.connection.close();
    }
  }, 120_000);

  /** A JSON replacer for a fetched history: its payloads' `data`, base64 there, as the text it encodes. */
  function payloadsAsText(key: string, value: unknown): unknown {
    return key === 'data' && typeof value === 'string' ? Buffer.from(value, 'base64').toString('utf8') : value;
  }

  function ancestors(span: ReceivedSpan): string[] {
    const byId = new Map(collector.spans.map((each) => [each.spanId, each]));
    const names: string[] = [];
    for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? ''))
      names.push(parent.name);
    return names;
  }
});
