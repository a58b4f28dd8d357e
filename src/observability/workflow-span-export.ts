import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace-node';
import { makeWorkflowExporter } from '@temporalio/interceptors-opentelemetry';

// Temporal's interceptors (1.24) are built on OpenTelemetry's 1.x SDK, and keep their own copy of
// it; this process's SDK is 2.x. Their sink hands over spans in 1.x's shape.
type TemporalSpanProcessor = Parameters<typeof makeWorkflowExporter>[0];
type TemporalSpan = Parameters<TemporalSpanProcessor['onEnd']>[0];

/**
 * A workflow's span, made in the sandbox by the 1.x SDK, as the 2.x SDK's exporters read spans:
 * 1.x named the parent by its id (`parentSpanId`) and the tracer as a library
 * (`instrumentationLibrary`); 2.x reads `parentSpanContext` and `instrumentationScope`, and
 * without them would export every workflow span as a root, or fail on the missing scope. The
 * resource is this process's.
 */
export function currentShape(span: TemporalSpan, resource: Resource): ReadableSpan {
  const { parentSpanId, instrumentationLibrary, resource: _theirs, ...rest } = span;
  const { traceId, traceFlags } = span.spanContext();
  return {
    ...rest,
    resource,
    instrumentationScope: instrumentationLibrary,
    parentSpanContext: parentSpanId ? { traceId, spanId: parentSpanId, traceFlags } : undefined,
  };
}

/**
 * The sink the workflow interceptors' spans leave the sandbox through: each span, put in the
 * current shape, goes to this process's span processor with the spans made outside.
 */
export function workflowSpanExporter(spanProcessor: SpanProcessor, resource: Resource) {
  const bridge: TemporalSpanProcessor = {
    onStart: () => undefined,
    onEnd: (span) => spanProcessor.onEnd(currentShape(span, resource)),
    forceFlush: () => spanProcessor.forceFlush(),
    // The sink never shuts the processor down; this process does (stopTracing).
    shutdown: async () => undefined,
  };
  // The sink gives each span this resource; currentShape gives it again, typed as 2.x's.
  return makeWorkflowExporter(bridge, resource);
}
