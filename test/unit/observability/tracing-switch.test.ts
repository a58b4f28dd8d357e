import { trace } from '@opentelemetry/api';
import {
  isTracing,
  startTracing,
  stopTracing,
  temporalClientInterceptors,
  temporalWorkerTracing,
} from '../../../src/observability/tracing';

/** Tracing is on only when OTEL_EXPORTER_OTLP_ENDPOINT is set; off, nothing records or intercepts. */
describe('tracing switch', () => {
  const unreachable = 'http://127.0.0.1:9';
  beforeAll(() => {
    // The exporter reads the standard variable itself; no span is ended, so nothing is sent there.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = unreachable;
  });
  afterAll(() => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });
  afterEach(() => stopTracing());

  it('starts nothing without an endpoint', () => {
    startTracing(undefined, 'crossborder-payments-test');
    expect(trace.getTracer('test').startSpan('probe').isRecording()).toBe(false);
    expect(temporalClientInterceptors()).toEqual([]);
    expect(temporalWorkerTracing()).toEqual({});
    expect(isTracing()).toBe(false);
  });

  it('records spans and intercepts the Temporal client, workflows and activities with one', () => {
    startTracing(unreachable, 'crossborder-payments-test');
    expect(trace.getTracer('test').startSpan('probe').isRecording()).toBe(true);
    expect(temporalClientInterceptors()).toHaveLength(1);
    const worker = temporalWorkerTracing();
    expect(worker.interceptors?.workflowModules).toHaveLength(1);
    expect(worker.interceptors?.activity).toHaveLength(1);
    expect(worker.sinks).toHaveProperty('exporter');
    expect(isTracing()).toBe(true);
  });
});
