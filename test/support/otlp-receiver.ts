import { createServer, IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** The resource's service.name. */
  service: string;
  /** Every attribute of the resource. */
  resource: Record<string, unknown>;
  attributes: Record<string, unknown>;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpTraces {
  resourceSpans: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans: Array<{
      spans: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
      }>;
    }>;
  }>;
}

const valueOf = ({ stringValue, intValue, boolValue, doubleValue }: OtlpValue) =>
  stringValue ?? (intValue !== undefined ? Number(intValue) : (boolValue ?? doubleValue));
const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, valueOf(value)]));

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** The headers of each export it accepted. */
  exports: IncomingHttpHeaders[];
  close(): Promise<void>;
}

/** A stand-in OpenTelemetry collector: accepts OTLP/HTTP JSON on POST /v1/traces and keeps every span. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (
        request.method !== 'POST' ||
        request.url !== '/v1/traces' ||
        !String(request.headers['content-type']).startsWith('application/json')
      ) {
        response.writeHead(404).end();
        return;
      }
      exports.push(request.headers);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
      for (const { resource: { attributes } = {}, scopeSpans } of body.resourceSpans) {
        const resource = attributesOf(attributes);
        const service = String(resource['service.name']);
        for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
          spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            service,
            resource,
            attributes: attributesOf(span.attributes),
          });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
