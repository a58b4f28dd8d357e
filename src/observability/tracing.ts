import type { IncomingMessage } from 'node:http';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { WorkerOptions } from '@temporalio/worker';
import { propagation } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { isProbePath } from '../http/probe-paths';
import { WORKFLOW_INTERCEPTOR_MODULES } from '../temporal/workflow-modules';

interface Tracing {
  resource: Resource;
  spanProcessor: SpanProcessor;
  shutdown(): Promise<void>;
}

let current: Tracing | null = null;

// Scrapes and probes every few seconds would bury the traces worth reading. An ignored request
// runs with tracing suppressed, so what a scrape or a readiness check calls (the database,
// Temporal, the Temporal runtime's exporter) is left out too.
const isUntraced = (request: IncomingMessage) =>
  isProbePath(request.url) || (request.url ?? '').split('?')[0] === '/metrics';

/**
 * Trace context from outside is not ours to continue. An integrator's `traceparent` would choose
 * our trace ids and, with a parent-based sampler, whether we keep its trace; its `tracestate` and
 * `baggage` (a test once put a tax id there) would ride in its workflow's Temporal headers, stored in the
 * history, and out again in its callbacks. So every header the propagator reads is dropped from a
 * request before the instrumentation reads it, and each request begins a trace of its own: an
 * integrator's request is found by its `x-request-id` (`cbp.request_id`).
 */
function dropOutsideTraceContext(request: IncomingMessage): void {
  for (const field of propagation.fields()) delete request.headers[field];
}

/** The instrumentation asks this hook about a request before it reads the request's trace context. */
function ignoreIncomingRequest(request: IncomingMessage): boolean {
  dropOutsideTraceContext(request);
  return isUntraced(request);
}

/**
 * Starts OpenTelemetry tracing for this process when `endpoint` (OTEL_EXPORTER_OTLP_ENDPOINT)
 * is set; otherwise nothing is loaded into the request path and every span call is the API's
 * no-op. Spans cover incoming API requests and outgoing HTTP (node:http for callbacks, fetch
 * for the rails), and the Temporal interceptors carry the context from the API's client
 * calls through the workflow to its activities. The context stays inside: none is taken from
 * an incoming request (above), and callbacks send none (src/notifications/callback-http.ts).
 * Spans go out in batches over OTLP/HTTP (JSON), which reads the standard OTEL_EXPORTER_OTLP_*
 * and OTEL_BSP_* variables itself; every trace is sampled unless OTEL_TRACES_SAMPLER says
 * otherwise.
 *
 * Must run before the process loads the modules it instruments (main.ts starts it first).
 */
export function startTracing(endpoint: string | undefined, serviceName: string): void {
  if (endpoint === undefined || current !== null) return;
  const resource = new Resource({ 'service.name': serviceName });
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: ignoreIncomingRequest }),
      new UndiciInstrumentation(),
    ],
  });
  current = {
    resource,
    spanProcessor,
    async shutdown() {
      unregister();
      await provider.shutdown();
    },
  };
}

/** Sends what is still buffered and stops; a process calls it on its way out. */
export async function stopTracing(): Promise<void> {
  const stopping = current;
  current = null;
  await stopping?.shutdown();
}

/** Sends the spans still buffered, e.g. while the API shuts down. */
export async function flushTracing(): Promise<void> {
  await current?.spanProcessor.forceFlush();
}

/** The Temporal client's interceptors: with tracing on, a workflow start or update carries the caller's trace. */
export function temporalClientInterceptors(): WorkflowClientInterceptor[] {
  return current ? [new OpenTelemetryWorkflowClientInterceptor()] : [];
}

/**
 * What the workflow bundle needs to trace: the interceptor module bundled with the workflows,
 * and the sink their spans leave the sandbox through. The interceptors only add headers and
 * spans, so histories recorded with or without them replay either way (test/workflow/replay.test.ts).
 */
export function workflowTracing(spanProcessor: SpanProcessor, resource: Resource) {
  return {
    workflowModules: WORKFLOW_INTERCEPTOR_MODULES,
    sinks: { exporter: makeWorkflowExporter(spanProcessor, resource) },
  };
}

/** Whether this process traces: a worker then runs the traced workflow bundle (tracedBundlePath). */
export const isTracing = () => current !== null;

/** The worker's side: the workflow's (above) and the activity interceptors; without tracing, nothing. */
export function temporalWorkerTracing(): Pick<WorkerOptions, 'interceptors' | 'sinks'> {
  if (current === null) return {};
  const { workflowModules, sinks } = workflowTracing(current.spanProcessor, current.resource);
  return {
    sinks,
    interceptors: {
      workflowModules,
      activity: [
        (context) => ({
          inbound: new OpenTelemetryActivityInboundInterceptor(context),
          outbound: new OpenTelemetryActivityOutboundInterceptor(context),
        }),
      ],
    },
  };
}
