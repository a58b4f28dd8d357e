import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';
import { MainProcess } from '../../../dev/main-process';
import { CallbackReceiver, startCallbackReceiver } from '../../support/callback-receiver';
import { OtlpReceiver, startOtlpReceiver } from '../../support/otlp-receiver';

/**
 * What the worker does with tracing on, in a Node process of its own (jest's module system keeps
 * node:http out of the instrumentation's reach): starts tracing, then sends a callback through
 * the client every callback goes through, from a context holding our trace, a tracestate and a
 * baggage entry, as an activity's context does once the Temporal interceptor has read its headers.
 */
const SENDER = `
const { startTracing, stopTracing } = require('./dist/src/observability/tracing');
const { tracingOptions } = require('./dist/src/observability/tracing-options');
startTracing(tracingOptions('test'));
const { context, propagation, ROOT_CONTEXT } = require('@opentelemetry/api');
const { CallbackHttpClient } = require('./dist/src/notifications/callback-http');
const inside = propagation.extract(ROOT_CONTEXT, JSON.parse(process.env.TRACE_CONTEXT));
const callback = { url: process.env.CALLBACK_URL, headers: { 'content-type': 'application/json', 'x-event-id': 'e-1' }, body: '{}', timeoutMs: 5000 };
context
  .with(inside, () => new CallbackHttpClient().post(callback))
  .then(async (answer) => {
    await stopTracing();
    process.stdout.write(JSON.stringify({ status: answer.status, baggage: propagation.getBaggage(inside)?.getEntry('taxId')?.value }));
  });
`;

describe('callbacks and the trace context', () => {
  let collector: OtlpReceiver;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    MainProcess.assertBuilt();
    collector = await startOtlpReceiver();
    receiver = await startCallbackReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await collector?.close();
  });

  it('sends no traceparent, tracestate or baggage, whatever the active context holds, and still records its span', async () => {
    const traceId = randomBytes(16).toString('hex');
    const taxId = `tax-${randomBytes(4).toString('hex')}`;
    const traceContext = {
      traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      tracestate: 'cbp=internal',
      baggage: `taxId=${taxId}`,
    };

    const { stdout } = await promisify(execFile)(process.execPath, ['-e', SENDER], {
      cwd: PROJECT_ROOT,
      timeout: 30_000,
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
        TRACE_CONTEXT: JSON.stringify(traceContext),
        CALLBACK_URL: receiver.url('/hook'),
      },
    });
    // The baggage was there, in the context the callback went out from.
    expect(JSON.parse(stdout)).toEqual({ status: 200, baggage: taxId });

    expect(receiver.received).toHaveLength(1);
    const { headers } = receiver.received[0]!;
    expect(Object.keys(headers).sort()).toEqual(['connection', 'content-length', 'content-type', 'host', 'x-event-id']);
    expect(JSON.stringify(headers)).not.toMatch(new RegExp(`${taxId}|${traceId}|cbp=internal`));
    // The callback's client span is still ours, in our trace.
    expect(collector.spans.find((span) => String(span.attributes['url.full']).endsWith('/hook'))).toMatchObject({
      traceId,
      name: 'POST',
      service: 'crossborder-payments-test',
    });
  });
});
