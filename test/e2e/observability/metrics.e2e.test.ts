import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { parseExposition, Sample, samplesOf, valueOf } from '../../../scripts/shared/prometheus-text';
import { payer, pixQr } from '../../support/qr-fixtures';

const DOCS = join(__dirname, '..', '..', '..', 'docs');

/** Every PromQL expression of docs/alerts.yml and docs/grafana-dashboard.json. */
function documentedQueries(): string[] {
  const rules = load(readFileSync(join(DOCS, 'alerts.yml'), 'utf8')) as {
    groups: Array<{ rules: Array<{ expr: string }> }>;
  };
  const dashboard = JSON.parse(readFileSync(join(DOCS, 'grafana-dashboard.json'), 'utf8')) as {
    panels: Array<{ targets?: Array<{ expr: string }> }>;
  };
  return [
    ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ...dashboard.panels.flatMap((panel) => (panel.targets ?? []).map((target) => target.expr)),
  ];
}

// Labels Prometheus adds at scrape time, not the service.
const SCRAPE_LABELS = ['job', 'instance'];

/** What the queries select that no scrape serves: an unknown series name, or a label the series does not have. */
function unservedSelections(queries: string[], served: Sample[]): string[] {
  const problems = new Set<string>();
  for (const query of queries) {
    for (const [, name, labels = ''] of query.matchAll(/\b((?:cbp|temporal)_[a-zA-Z0-9_]+)(?:\{([^}]*)\})?/g)) {
      const samples = samplesOf(served, name!);
      if (samples.length === 0) problems.add(`${name} is not served`);
      for (const [, label] of labels.matchAll(/(\w+)\s*(?:=~|!~|!=|=)/g)) {
        if (!SCRAPE_LABELS.includes(label!) && !samples.some((sample) => label! in sample.labels))
          problems.add(`${name} has no label ${label}`);
      }
    }
  }
  return [...problems];
}

/** The api and worker processes, each with its own /metrics port: a QR payment goes through, then both endpoints are scraped. */
describe('Prometheus metrics of the api and the worker', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    stack = await startProcessStack();
  }, 90_000);
  afterAll(() => stack?.close());

  const scrape = async (url: string): Promise<Sample[]> => {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return parseExposition(await response.text());
  };

  it('counts the requests, transitions, rail calls and callbacks of a QR payment, and shows the money and the open orders', async () => {
    const { receiver, taskQueue } = stack;
    const call = await stack.newPayer();

    // One order paid; the rail answers 503 twice (sandbox amount 4242.42) before it pays.
    const path = `/metrics/${randomUUID()}`;
    const ack = await call.post('/v2/payments/previews', {
      qr: pixQr('4242.42'),
      external_reference: `m-${randomUUID()}`,
      notification_url: receiver.url(path),
      user: payer,
    });
    // The whole answer, so that a refusal says why.
    expect({ status: ack.status, body: ack.body }).toMatchObject({ status: 200 });
    const preview = await receiver.waitFor(path, (c) => c.body.order !== undefined, 60_000);
    const orderId = preview.body.order.id as string;
    expect(
      (await call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: receiver.url(path) }))
        .status,
    ).toBe(200);
    await receiver.waitFor(path, (c) => c.body.status === 'COMPLETED', 60_000);
    expect((await call.get(`/v2/payments/${orderId}/status`)).status).toBe(200);
    // One left waiting for its decision.
    const openPath = `/metrics/${randomUUID()}`;
    await call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: `m-${randomUUID()}`,
      notification_url: receiver.url(openPath),
      user: payer,
    });
    await receiver.waitFor(openPath, (c) => c.body.order !== undefined, 60_000);

    const api = await scrape(stack.apiMetrics);
    // Route templates, never ids.
    expect(
      valueOf(api, 'cbp_http_request_duration_seconds_count', {
        route: '/v2/payments/previews',
        method: 'POST',
        status: '200',
      }),
    ).toBe(2);
    expect(
      valueOf(api, 'cbp_http_request_duration_seconds_count', {
        route: '/v2/payments/:order_id/status',
        method: 'GET',
        status: '200',
      }),
    ).toBe(1);
    expect(
      samplesOf(api, 'cbp_http_request_duration_seconds_count').some((sample) =>
        sample.labels.route!.includes(orderId),
      ),
    ).toBe(false);
    expect(valueOf(api, 'cbp_http_request_duration_seconds_bucket', { route: '/v2/payments', le: '+Inf' })).toBe(1);
    expect(valueOf(api, 'cbp_order_transitions_total', { flow: 'QR', country: 'BR', from: 'NEW' })).toBe(2);
    expect(valueOf(api, 'cbp_process_resident_memory_bytes')).toBeGreaterThan(0);
    // Not on the public port.
    expect((await fetch(`${stack.apiUrl}/metrics`)).status).toBe(404);

    const worker = await stack.until('the worker to count the COMPLETED callback', 30_000, async () => {
      const samples = await scrape(stack.workerMetrics);
      return valueOf(samples, 'cbp_callback_deliveries_total', { event: 'PAYMENT', outcome: 'delivered' }) >= 1
        ? samples
        : undefined;
    });
    expect(
      valueOf(worker, 'cbp_order_transitions_total', { flow: 'QR', country: 'BR', from: 'CREATED', to: 'PROCESSING' }),
    ).toBe(1);
    expect(
      valueOf(worker, 'cbp_order_transitions_total', {
        flow: 'QR',
        country: 'BR',
        from: 'PROCESSING',
        to: 'COMPLETED',
      }),
    ).toBe(1);
    // One look-up per preview, or more: an activity is retried when its attempt outlives its
    // timeout on a starved machine, and each attempt counts (CI saw 3).
    expect(
      valueOf(worker, 'cbp_rails_request_duration_seconds_count', {
        rail: 'acquirer',
        operation: 'resolve_merchant',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      valueOf(worker, 'cbp_rails_request_duration_seconds_count', {
        rail: 'acquirer',
        operation: 'payout',
        outcome: 'unavailable',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(worker, 'cbp_rails_request_duration_seconds_count', {
        rail: 'acquirer',
        operation: 'payout',
        outcome: 'ok',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(worker, 'cbp_rails_request_duration_seconds_sum', { rail: 'acquirer', operation: 'payout' }),
    ).toBeGreaterThan(0);
    expect(valueOf(worker, 'cbp_callback_deliveries_total', { event: 'PREVIEW', outcome: 'delivered' })).toBe(2);

    // The database's view, at scrape time: double entry makes every currency sum to zero.
    const usd = samplesOf(worker, 'cbp_ledger_balance', { currency: 'USD' });
    expect(usd.map((sample) => sample.labels.kind)).toEqual(
      expect.arrayContaining(['CLIENT_AVAILABLE', 'FUNDING', 'SETTLEMENT']),
    );
    expect(usd.reduce((sum, sample) => sum + sample.value, 0)).toBeCloseTo(0, 2);
    expect(valueOf(worker, 'cbp_orders_open', { status: 'CREATED', flow: 'QR' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(worker, 'cbp_orders_oldest_open_seconds', { status: 'CREATED', flow: 'QR' })).toBeGreaterThanOrEqual(
      0,
    );
    expect(samplesOf(worker, 'cbp_unconfirmed_movements').map(({ labels, value }) => [labels.movement, value])).toEqual(
      [
        ['payout', 0],
        ['refund', 0],
      ],
    );
    for (const source of ['process', 'database', 'temporal_visibility', 'temporal_runtime']) {
      expect(valueOf(worker, 'cbp_metrics_source_up', { source })).toBe(1);
    }

    // The Temporal SDK's own series, through the same endpoint.
    expect(
      samplesOf(worker, 'temporal_worker_task_slots_available', {
        worker_type: 'WorkflowWorker',
        task_queue: taskQueue,
      }),
    ).toHaveLength(1);
    expect(
      valueOf(worker, 'temporal_workflow_task_execution_latency_seconds_count', { task_queue: taskQueue }),
    ).toBeGreaterThan(0);
    expect(
      valueOf(worker, 'temporal_activity_execution_latency_seconds_count', { task_queue: taskQueue }),
    ).toBeGreaterThan(0);

    // The dashboard and the alert rules query only what the endpoints serve.
    const queries = documentedQueries();
    expect(queries.length).toBeGreaterThan(30);
    expect(unservedSelections(queries, [...api, ...worker])).toEqual([]);
  }, 120_000);
});
