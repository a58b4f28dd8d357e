import { trace } from '@opentelemetry/api';
import {
  isTracing,
  startTracing,
  stopTracing,
  temporalClientInterceptors,
  temporalWorkerTracing,
} from '../../../src/observability/tracing';
import { tracingOptions } from '../../../src/observability/tracing-options';

/**
 * Tracing is on only when a collector is named (OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and OTEL_SDK_DISABLED is not `true`; off, nothing records or
 * intercepts. On, the sampler is the one OTEL_TRACES_SAMPLER names.
 */
describe('tracing switch', () => {
  const unreachable = 'http://127.0.0.1:9';
  const options = { serviceName: 'crossborder-payments-test', environment: 'test' };
  beforeAll(() => {
    // The exporter reads the standard variable itself; no span is ended, so nothing is sent there.
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = unreachable;
  });
  afterAll(() => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });
  afterEach(async () => {
    delete process.env.OTEL_TRACES_SAMPLER;
    await stopTracing();
  });

  it('starts nothing without options', () => {
    startTracing(null);
    expect(trace.getTracer('test').startSpan('probe').isRecording()).toBe(false);
    expect(temporalClientInterceptors()).toEqual([]);
    expect(temporalWorkerTracing()).toEqual({});
    expect(isTracing()).toBe(false);
  });

  it('records spans and intercepts the Temporal client, workflows and activities with options', () => {
    startTracing(options);
    expect(trace.getTracer('test').startSpan('probe').isRecording()).toBe(true);
    expect(temporalClientInterceptors()).toHaveLength(1);
    const worker = temporalWorkerTracing();
    expect(worker.interceptors?.workflowModules).toHaveLength(1);
    expect(worker.interceptors?.activity).toHaveLength(1);
    expect(worker.sinks).toHaveProperty('exporter');
    expect(isTracing()).toBe(true);
  });

  it('samples as OTEL_TRACES_SAMPLER says', () => {
    process.env.OTEL_TRACES_SAMPLER = 'always_off';
    startTracing(options);
    expect(isTracing()).toBe(true);
    expect(trace.getTracer('test').startSpan('probe').isRecording()).toBe(false);
  });

  describe('options', () => {
    const endpoint = 'http://otel-collector:4318';

    it('are given when a collector is named, by its base address or its traces URL', () => {
      expect(tracingOptions('api', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toEqual({
        serviceName: 'crossborder-payments-api',
        environment: 'development',
      });
      expect(tracingOptions('worker', { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toMatchObject({
        serviceName: 'crossborder-payments-worker',
      });
    });

    it('are none without a collector, with OTEL_SDK_DISABLED=true, or with a malformed variable (loadEnv names it)', () => {
      expect(tracingOptions('api', {})).toBeNull();
      expect(tracingOptions('api', { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SDK_DISABLED: 'true' })).toBeNull();
      expect(tracingOptions('api', { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' })).toBeNull();
    });

    it('name the environment DEPLOYMENT_ENVIRONMENT says, else NODE_ENV', () => {
      const named = { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, NODE_ENV: 'production' };
      expect(tracingOptions('api', named)?.environment).toBe('production');
      expect(tracingOptions('api', { ...named, DEPLOYMENT_ENVIRONMENT: 'staging' })?.environment).toBe('staging');
    });
  });
});
