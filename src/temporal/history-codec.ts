import type { Payload, PayloadCodec } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';

type History = temporal.api.history.v1.IHistory;

/** A payload as the SDK writes every one: a metadata map that names its encoding. */
function isPayload(value: object): value is Payload {
  const metadata = (value as Payload).metadata;
  return typeof metadata === 'object' && metadata !== null && 'encoding' in metadata;
}

async function decoded(payload: Payload, codecs: readonly PayloadCodec[]): Promise<Payload> {
  let payloads = [payload];
  // Codecs encode in their order, so they decode in the reverse one (the SDK's rule).
  for (const codec of [...codecs].reverse()) payloads = await codec.decode(payloads);
  return payloads[0]!;
}

/**
 * A workflow history with its payloads decoded by `codecs`, as a client's own calls decode the
 * payloads they return: `fetchHistory` hands the history on as Temporal stores it, encrypted.
 * Every payload wherever it sits in an event (inputs, results, update arguments, markers,
 * failure details) goes through the codecs; those that were never encoded (search attributes,
 * headers, histories written before the codec) come back unchanged. Decodes in place.
 */
export async function decodedHistory(history: History, codecs: readonly PayloadCodec[]): Promise<History> {
  const visit = async (node: unknown): Promise<unknown> => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return node;
    if (isPayload(node)) return decoded(node, codecs);
    const record = node as Record<string, unknown>;
    for (const key of Object.keys(record)) record[key] = await visit(record[key]);
    return node;
  };
  return (await visit(history)) as History;
}
