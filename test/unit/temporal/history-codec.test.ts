import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON, historyToJSON } from '@temporalio/common/lib/proto-utils';
import type { temporal } from '@temporalio/proto';
import { workflowTimeline } from '../../../src/operations/workflow-history';
import { decodedHistory } from '../../../src/temporal/history-codec';
import { isEncrypted, payloadCodec } from '../../../src/temporal/payload-codec';
import { payloadsIn } from '../../support/payloads';

const recorded = (name: string) =>
  historyFromJSON(
    JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', `${name}.2026-11-25.json`), 'utf8')),
  );
const codec = payloadCodec({ TEMPORAL_PAYLOAD_KEYS: `k1:${randomBytes(32).toString('base64')}` });

/** The history as Temporal keeps it when the worker and the clients encrypt: every payload but the search attributes' and the headers'. */
async function asStored(history: temporal.api.history.v1.IHistory): Promise<temporal.api.history.v1.IHistory> {
  const copy = historyFromJSON(JSON.parse(historyToJSON(history)));
  for (const payload of payloadsIn(copy, { encodedOnly: true }))
    Object.assign(payload, (await codec.encode([payload]))[0]);
  return copy;
}

describe('a history read back through the codecs', () => {
  it.each(['order-payout-resolved-by-operator', 'order-signals-completed', 'refunds-partial-then-full'])(
    '%s: decodes every encrypted payload, wherever it sits, to what the workflow saw',
    async (name) => {
      const original = recorded(name);
      const stored = await asStored(original);
      expect(payloadsIn(stored).filter(isEncrypted).length).toBeGreaterThan(5);
      expect(historyToJSON(stored)).not.toEqual(historyToJSON(original));

      const decoded = await decodedHistory(stored, [codec]);
      expect(payloadsIn(decoded).filter(isEncrypted)).toEqual([]);
      expect(historyToJSON(decoded)).toEqual(historyToJSON(original));
    },
  );

  it("is what the operators' timeline needs: read encrypted, it loses the update's operator and reason", async () => {
    const original = recorded('order-payout-resolved-by-operator');
    const stored = await asStored(original);
    const resolution = (history: temporal.api.history.v1.IHistory) =>
      workflowTimeline(history, 'workflow').find((entry) => entry.what.startsWith('update resolvePayout accepted'))
        ?.what;
    expect(resolution(stored)).toBe('update resolvePayout accepted');
    expect(resolution(await decodedHistory(stored, [codec]))).toBe(resolution(original));
    expect(resolution(original)).toMatch(/operator=/);
  });

  it('leaves a history written before payloads were encrypted as it is', async () => {
    const original = recorded('order-closed-completed-traced');
    expect(historyToJSON(await decodedHistory(recorded('order-closed-completed-traced'), [codec]))).toEqual(
      historyToJSON(original),
    );
  });
});
