import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUEST_ID_ATTRIBUTE } from '../../../src/observability/request-span';
import { OtlpReceiver, ReceivedSpan, startOtlpReceiver } from '../../support/otlp-receiver';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { payer, pixQr } from '../../support/qr-fixtures';

/**
 * The api and worker processes configured as operators configure OpenTelemetry, with the
 * standard variables only: the traces endpoint by its full URL, the service's name, resource
 * attributes, a sampler and the exporter's headers. What reaches the stand-in collector says
 * so, a request's PostgreSQL queries are spans of its trace, and its log line carries its trace id.
 */
describe('OpenTelemetry configured by the standard variables', () => {
  const version = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
    .version;
  let collector: OtlpReceiver;
  let stack: ProcessStack;

  beforeAll(async () => {
    collector = await startOtlpReceiver();
    stack = await startProcessStack({
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.endpoint}/v1/traces`,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-token=staging-token',
      OTEL_SERVICE_NAME: 'payments-staging',
      OTEL_RESOURCE_ATTRIBUTES: 'deployment.environment=staging,team.name=payments',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '1',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      LOG_LEVEL: 'info',
    });
  }, 90_000);
  afterAll(async () => {
    await stack?.close();
    await collector?.close();
  });

  it("names the service, its version and environment, traces the request's queries and puts its trace id in its log line", async () => {
    const call = await stack.newPayer();
    const requestId = `configured-${randomUUID()}`;
    const path = `/configured/${randomUUID()}`;
    const ack = await call.post(
      '/v2/payments/previews',
      {
        qr: pixQr('25.00'),
        external_reference: `c-${randomUUID()}`,
        notification_url: stack.receiver.url(path),
        user: payer,
      },
      { 'x-request-id': requestId },
    );
    // The whole answer, so that a refusal says why.
    expect({ status: ack.status, body: ack.body }).toMatchObject({ status: 200 });

    const request = await stack.until('the request span', 30_000, async () =>
      collector.spans.find((span) => span.attributes[REQUEST_ID_ATTRIBUTE] === requestId),
    );
    expect(request.resource).toMatchObject({
      'service.name': 'payments-staging',
      'service.version': version,
      'deployment.environment': 'staging',
      'deployment.environment.name': 'staging',
      'team.name': 'payments',
    });
    expect(request.resource['service.instance.id']).toEqual(expect.any(String));
    expect(collector.exports[0]).toMatchObject({ 'x-collector-token': 'staging-token' });

    // The request's queries (its client's credentials, its idempotency record…), each in its trace, below it.
    const byId = new Map(collector.spans.map((span) => [span.spanId, span]));
    const reachesRequest = (span: ReceivedSpan) => {
      for (let parent = byId.get(span.parentSpanId ?? ''); parent; parent = byId.get(parent.parentSpanId ?? ''))
        if (parent === request) return true;
      return false;
    };
    const queries = collector.spans.filter(
      (span) =>
        span.traceId === request.traceId &&
        (span.attributes['db.system.name'] ?? span.attributes['db.system']) === 'postgresql',
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.filter((query) => !reachesRequest(query))).toEqual([]);
    // Their statements, never their values: the payer's data is in none of the request's spans.
    expect(queries.some((query) => String(query.attributes['db.query.text']).includes('$1'))).toBe(true);
    const inTrace = JSON.stringify(collector.spans.filter((span) => span.traceId === request.traceId));
    for (const value of [payer.full_name, payer.account_number, payer.tax_id]) expect(inTrace).not.toContain(value);

    // The api's line for the request carries the request's trace and span.
    const line = await stack.until('the request log line', 10_000, async () =>
      stack.api.recentOutput
        .split('\n')
        .filter((text) => text.includes(requestId))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.msg === 'request completed'),
    );
    expect(line).toMatchObject({ trace_id: request.traceId, span_id: request.spanId });
  }, 120_000);
});
