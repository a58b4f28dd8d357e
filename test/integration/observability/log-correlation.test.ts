import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MainProcess } from '../../../dev/main-process';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';

/**
 * pino's lines, in a Node process of its own that traces as the worker does (jest's module system
 * keeps pino out of the instrumentation's reach): a line written inside a span carries the span's
 * ids, one written outside none. (The api's request lines: test/e2e/observability/tracing-configuration.e2e.test.ts.)
 */
const WORKER = `
const { startTracing } = require('./dist/src/observability/tracing');
const { tracingOptions } = require('./dist/src/observability/tracing-options');
startTracing(tracingOptions('worker'));
const { trace } = require('@opentelemetry/api');
const log = require('pino')();
trace.getTracer('test').startActiveSpan('RunActivity:test', (span) => {
  log.info({ span: span.spanContext() }, 'inside');
  span.end();
});
log.info('outside');
`;

describe('log lines while tracing', () => {
  it('carry the trace and span of the work they are written in, and none outside it', async () => {
    MainProcess.assertBuilt();
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', WORKER], {
      cwd: PROJECT_ROOT,
      timeout: 30_000,
      // Its one span is sampled but sent nowhere reachable: the process ends before the batch goes.
      env: { ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' },
    });
    const lines = stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; span?: { traceId: string; spanId: string } });
    const inside = lines.find((line) => line.msg === 'inside');
    expect(inside).toMatchObject({ trace_id: inside?.span?.traceId, span_id: inside?.span?.spanId, trace_flags: '01' });
    expect(lines.find((line) => line.msg === 'outside')).not.toHaveProperty('trace_id');
  });
});
