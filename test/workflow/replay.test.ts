import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { TRACE_HEADER } from '@temporalio/interceptors-opentelemetry/lib/instrumentation';
import { bundleWorkflowCode, ReplayWorkerOptions, Worker } from '@temporalio/worker';
import { workflowTracing } from '../../src/observability/tracing';
import { temporalDataConverter } from '../../src/temporal/payload-codec';
import { installTemporalRuntime } from '../../src/temporal/runtime';
import { WORKFLOW_BUNDLER_OPTIONS, WORKFLOWS_PATH } from '../../src/temporal/workflow-modules';

/**
 * The determinism safety net: every history recorded by `npm run record-histories` (one per
 * flow, and per workflow version) must replay on today's workflow code. A change that would
 * break a workflow already running in production fails here, in CI, instead of in production.
 * The rule for changing workflows is in docs/workflow-versioning.md. They replay with tracing
 * off and on alike, since tracing may be turned on or off between two deployments, and
 * bundled as the worker bundles them (zod preloaded, shared and frozen), with the worker's data
 * converter: its payload codec decodes the clear payloads of histories written before payloads
 * were encrypted as they are (test/integration/temporal/payload-encryption.test.ts replays an
 * encrypted one).
 */
const HISTORIES = join(__dirname, 'histories');
const files = readdirSync(HISTORIES)
  .filter((name) => name.endsWith('.json'))
  .sort();

function tracingOn(): Partial<ReplayWorkerOptions> {
  const { workflowModules, sinks } = workflowTracing(
    new SimpleSpanProcessor(new InMemorySpanExporter()),
    resourceFromAttributes({ 'service.name': 'replay' }),
  );
  return { interceptors: { workflowModules }, sinks };
}

describe('recorded workflow histories', () => {
  beforeAll(() => installTemporalRuntime('warn'));

  it('has a history of every recorded flow', () => {
    expect(files.length).toBeGreaterThanOrEqual(22);
  });

  it('has histories recorded with tracing on (the trace context in their headers) as well as off', () => {
    const traced = (name: string) => {
      const [started] = JSON.parse(readFileSync(join(HISTORIES, name), 'utf8')).events;
      return TRACE_HEADER in (started.workflowExecutionStartedEventAttributes.header?.fields ?? {});
    };
    expect(files.filter(traced)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^order-closed-completed-traced\./)]),
    );
    expect(files.filter((name) => !traced(name)).length).toBeGreaterThan(0);
  });

  it.each([
    ['tracing off', () => ({})],
    ['tracing on (the OpenTelemetry workflow interceptors bundled)', tracingOn],
  ])(
    'replays every one of them on the current workflow code, %s',
    async (_, options: () => Partial<ReplayWorkerOptions>) => {
      const histories = files.map((name) => ({
        workflowId: name,
        history: JSON.parse(readFileSync(join(HISTORIES, name), 'utf8')),
      }));
      const failures: string[] = [];
      let replayed = 0;
      const dataConverter = temporalDataConverter({
        TEMPORAL_PAYLOAD_KEYS: `replay:${randomBytes(32).toString('base64')}`,
      });
      for await (const result of Worker.runReplayHistories(
        {
          workflowsPath: WORKFLOWS_PATH,
          bundlerOptions: WORKFLOW_BUNDLER_OPTIONS,
          replayName: 'recorded-histories',
          dataConverter,
          ...options(),
        },
        histories,
      )) {
        replayed += 1;
        if (result.error) failures.push(`${result.workflowId}: ${result.error.message}`);
      }
      expect(failures).toEqual([]);
      expect(replayed).toBe(files.length);
    },
  );

  it('bundles the preloaded modules: webpack keeps a preload whose package says it has no side effects', async () => {
    const { code } = await bundleWorkflowCode({
      workflowsPath: WORKFLOWS_PATH,
      ...WORKFLOW_BUNDLER_OPTIONS,
      logger: {
        log: () => undefined,
        trace: () => undefined,
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        error: () => undefined,
      },
    });
    const preload = code.slice(code.indexOf('exports.preloadModules'), code.indexOf('exports.importWorkflows'));
    expect(preload).toMatch(/__webpack_require__\([^)]*zod-preload/);
  });
});
