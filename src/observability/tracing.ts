import type { IncomingMessage } from 'node:http';
import type { WorkflowClientInterceptor } from '@temporalio/client';
import {
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
  OpenTelemetryWorkflowClientInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type { WorkerOptions } from '@temporalio/worker';
import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import type { Resource } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { isProbePath } from '../http/probe-paths';
import { WORKFLOW_INTERCEPTOR_MODULES } from '../temporal/workflow-modules';
import type { TracingOptions } from './tracing-options';
import { tracingResource } from './tracing-resource';
import { workflowSpanExporter } from './workflow-span-export';

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
 * Starts OpenTelemetry tracing for this process when given options (src/observability/tracing-options.ts:
 * a collector is named and OTEL_SDK_DISABLED is not `true`); otherwise nothing is loaded into the
 * request path and every span call is the API's no-op. Spans cover incoming API requests,
 * outgoing HTTP (node:http for callbacks, fetch for the rails) and PostgreSQL queries, and the
 * Temporal interceptors carry the context from the API's client calls through the workflow to
 * its activities. A query makes a span only inside a traced request or activity: the pollers'
 * and scrapes' queries would otherwise be traces of their own, every few seconds. Every pino
 * log line written inside a span carries its `trace_id`, `span_id` and `trace_flags`. The
 * context stays inside: none is taken from an incoming request (above), and callbacks send none
 * (src/notifications/callback-http.ts).
 *
 * The resource is tracingResource's. Spans go out in batches over OTLP/HTTP (JSON), which reads
 * the standard OTEL_EXPORTER_OTLP_* and OTEL_BSP_* variables itself; the sampler is
 * OTEL_TRACES_SAMPLER's (with OTEL_TRACES_SAMPLER_ARG), every trace unless it says otherwise.
 *
 * Must run before the process loads the modules it instruments (main.ts starts it first).
 */
export function startTracing(options: TracingOptions | null): void {
  if (options === null || current !== null) return;
  const resource = tracingResource(options);
  const spanProcessor = new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: ignoreIncomingRequest }),
      new UndiciInstrumentation(),
      // The statement's text, never its parameters (enhancedDatabaseReporting stays off): those are payers' data.
      new PgInstrumentation({ requireParentSpan: true }),
      // The ids in the log lines only: no OpenTelemetry log pipeline takes the lines themselves.
      new PinoInstrumentation({ disableLogSending: true }),
    ],
  });
  current = {
    resource,
    spanProcessor,
    async shutdown() {
      unregister();
      await provider.shutdown();
      // What register() set globally, so that a later start (a test's) registers its own.
      trace.disable();
      context.disable();
      propagation.disable();
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
    sinks: { exporter: workflowSpanExporter(spanProcessor, resource) },
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
