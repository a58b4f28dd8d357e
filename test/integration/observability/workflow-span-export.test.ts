import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { SerializableSpan } from '@temporalio/interceptors-opentelemetry/lib/workflow/definitions';
import { MainProcess } from '../../../dev/main-process';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';
import { OtlpReceiver, startOtlpReceiver } from '../../support/otlp-receiver';

/**
 * The worker's side, in a Node process of its own (the OTLP exporter loads its transport with a
 * dynamic import, which jest's module system refuses): the sink of workflowSpanExporter, given
 * the spans of SPANS as the sandbox hands them over, exports them to the collector at once.
 */
const EXPORTER = `
const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http');
const { resourceFromAttributes } = require('@opentelemetry/resources');
const { SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-node');
const { workflowSpanExporter } = require('./dist/src/observability/workflow-span-export');
const processor = new SimpleSpanProcessor(new OTLPTraceExporter({ url: process.env.COLLECTOR_URL }));
const resource = resourceFromAttributes({ 'service.name': 'crossborder-payments-worker', 'team.name': 'payments' });
workflowSpanExporter(processor, resource).export.fn({ workflowId: 'order-1', runId: 'run-1' }, JSON.parse(process.env.SPANS));
processor.forceFlush().then(() => processor.shutdown());
`;

/**
 * The workflow interceptors make their spans with Temporal's copy of OpenTelemetry's 1.x SDK, in
 * the sandbox, and hand them over through a sink in 1.x's shape; this process exports them
 * with the 2.x SDK. Through the sink, over OTLP to a stand-in collector, they keep their parent,
 * their tracer's name and the process's resource.
 */
describe("the workflow interceptors' spans", () => {
  let collector: OtlpReceiver;
  beforeAll(async () => {
    collector = await startOtlpReceiver();
  });
  afterAll(() => collector?.close());

  /** A span as the sandbox's exporter hands it over (Temporal's own type, so that its shape cannot drift unseen). */
  function workflowSpan(name: string, traceId: string, parentSpanId?: string): SerializableSpan {
    const now = [Math.floor(Date.now() / 1000), 0] as [number, number];
    return {
      name,
      kind: 0,
      spanContext: { traceId, spanId: randomBytes(8).toString('hex'), traceFlags: 1 },
      parentSpanId,
      startTime: now,
      endTime: now,
      status: { code: 0 },
      attributes: {},
      links: [],
      events: [],
      duration: [0, 0],
      ended: true,
      droppedAttributesCount: 0,
      droppedEventsCount: 0,
      droppedLinksCount: 0,
      instrumentationLibrary: { name: '@temporalio/interceptor-workflow' },
    };
  }

  it('are exported with their parent and the resource of the process', async () => {
    MainProcess.assertBuilt();
    const traceId = randomBytes(16).toString('hex');
    const caller = randomBytes(8).toString('hex');
    const run = workflowSpan('RunWorkflow:orderWorkflow', traceId, caller);
    const activity = workflowSpan('StartActivity:prepareOrder', traceId, run.spanContext.spanId);
    await promisify(execFile)(process.execPath, ['-e', EXPORTER], {
      cwd: PROJECT_ROOT,
      timeout: 30_000,
      env: { ...process.env, COLLECTOR_URL: `${collector.endpoint}/v1/traces`, SPANS: JSON.stringify([run, activity]) },
    });

    const byName = Object.fromEntries(
      collector.spans.filter((span) => span.traceId === traceId).map((span) => [span.name, span]),
    );
    expect(Object.keys(byName).sort()).toEqual(['RunWorkflow:orderWorkflow', 'StartActivity:prepareOrder']);
    expect(byName['RunWorkflow:orderWorkflow']).toMatchObject({
      parentSpanId: caller,
      service: 'crossborder-payments-worker',
      resource: { 'team.name': 'payments' },
      attributes: { workflowId: 'order-1' },
    });
    expect(byName['StartActivity:prepareOrder']).toMatchObject({
      parentSpanId: run.spanContext.spanId,
      resource: { 'service.name': 'crossborder-payments-worker', 'team.name': 'payments' },
    });
  });
});
