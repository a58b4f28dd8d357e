import type { Payload } from '@temporalio/common';

/**
 * Where a history keeps payloads that never pass through a codec: search attributes (Temporal
 * indexes them), headers (trace context), and the SDK core's own bookkeeping in markers (a
 * local activity's type, attempt and times under `data`, a patch's id under `patch-data`).
 */
const NEVER_ENCODED = ['searchAttributes', 'header', 'data', 'patch-data'];

/**
 * Every payload in a history (or any part of one), wherever it sits: what Temporal stores of a
 * workflow's data. `encodedOnly` leaves out those that never pass through a codec.
 */
export function payloadsIn(node: unknown, { encodedOnly = false } = {}): Payload[] {
  if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return [];
  if ('metadata' in node && 'data' in node) return [node as Payload];
  return Object.entries(node).flatMap(([field, value]) =>
    encodedOnly && NEVER_ENCODED.includes(field) ? [] : payloadsIn(value, { encodedOnly }),
  );
}

/** A payload's bytes, metadata included, as one buffer to search for a value in clear. */
export const payloadBytes = (payload: Payload): Buffer =>
  Buffer.concat([
    ...Object.entries(payload.metadata ?? {}).flatMap(([name, value]) => [Buffer.from(name), Buffer.from(value)]),
    Buffer.from(payload.data ?? new Uint8Array()),
  ]);
