import { performance } from 'node:perf_hooks';
import type { Client } from '@temporalio/client';
import { encodeEmvQr } from '../../src/emv';
import { orderWorkflowId } from '../../src/orders/order-workflow-start';
import { benchBareUpdate, benchBareWorkflow } from './bare.workflow';
import type { Callback } from './callback-receiver';
import type { Flow } from './driver';
import type { Mailbox } from './mailbox';

const FINAL_STATUSES = ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELED'];

export interface EngineTarget {
  apiUrl: string;
  token: string;
  receiverUrl: string;
  callbacks: Mailbox<Callback>;
  /** Keeps external references and paths unique across runs (warm-up, measured). */
  runId: string;
}

/** An integrator's POST with an idempotency-key; anything but 200 fails the flow. */
async function post(target: Omit<EngineTarget, 'runId'>, path: string, body: unknown, key: string, signal: AbortSignal): Promise<any> {
  const response = await fetch(`${target.apiUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
    signal,
  });
  const answer = (await response.json()) as any;
  if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/**
 * Previews a Brazilian Pix QR under `reference`, closed-amount (dynamic) with an amount, open
 * (static) without one. Its callbacks arrive under `callbackPath(reference)`.
 */
export function sendPreview(target: Omit<EngineTarget, 'runId'>, reference: string, amount: string | null, signal: AbortSignal): Promise<any> {
  return post(
    target,
    '/v2/payments/previews',
    {
      qr: pixQr(amount, reference),
      external_reference: reference,
      notification_url: `${target.receiverUrl}${callbackPath(reference)}`,
      user: { full_name: 'Bench Payer', currency: 'USD', account_number: 'ACC-000001', tax_id: '12345678' },
    },
    `${reference}:preview`,
    signal,
  );
}

export const callbackPath = (reference: string) => `/callbacks/${reference}`;

/**
 * The integrator's happy path over HTTP: preview a closed-amount Pix QR, wait for the preview
 * callback, accept, wait for the COMPLETED callback. Requests carry an idempotency-key, as an
 * integrator's should.
 */
export function engineFlow(target: EngineTarget): Flow {
  return async (index, signal) => {
    const reference = `bench-${target.runId}-${index}`;
    const path = callbackPath(reference);
    try {
      const previewSent = performance.now();
      await sendPreview(target, reference, '100.00', signal);
      const previewAck = performance.now() - previewSent;
      const preview = await target.callbacks.waitFor(path, (callback) => callback.body?.order?.id !== undefined);

      const decisionSent = performance.now();
      const paid = await post(target, '/v2/payments', { order_id: preview.body.order.id, status: 'accepted', notification_url: `${target.receiverUrl}${path}` }, `${reference}:pay`, signal);
      const payAck = performance.now() - decisionSent;
      if (paid.status !== 'PROCESSING') throw new Error(`pay answered ${paid.status} (${paid.error_code})`);

      const final = await target.callbacks.waitFor(path, (callback) => FINAL_STATUSES.includes(callback.body?.status));
      if (final.body.status !== 'COMPLETED') throw new Error(`order ended ${final.body.status} (${final.body.error_code})`);
      return { workflowId: orderWorkflowId(preview.body.order.id), previewAck, payAck, decisionToCompleted: final.at - decisionSent };
    } finally {
      target.callbacks.forget(path);
    }
  };
}

/** A Brazilian Pix QR whose reference label is the flow's own: dynamic with an amount, static (open) without. */
function pixQr(amount: string | null, reference: string): string {
  return encodeEmvQr({
    point_of_initiation: amount === null ? 'STATIC' : 'DYNAMIC',
    merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': 'bench@pix.example' } }],
    merchant: { name: 'Padaria Bench', city: 'SAO PAULO', mcc: '5812' },
    currency_numeric: '986',
    ...(amount === null ? {} : { amount }),
    country: 'BR',
    additional_data: { reference_label: reference.replace(/[^A-Za-z0-9]/g, '').slice(-25) },
  });
}

export interface BareTarget {
  temporal: Client;
  taskQueue: string;
  runId: string;
}

/**
 * The bare yardstick (bare.workflow.ts) straight through the Temporal client: start, the
 * update (timed as the pay ack), then the workflow's result.
 */
export function bareFlow(target: BareTarget): Flow {
  return async (index) => {
    const workflowId = `bench-bare-${target.runId}-${index}`;
    const startSent = performance.now();
    const handle = await target.temporal.workflow.start(benchBareWorkflow, { workflowId, taskQueue: target.taskQueue });
    const previewAck = performance.now() - startSent;

    const updateSent = performance.now();
    await handle.executeUpdate(benchBareUpdate);
    const payAck = performance.now() - updateSent;
    await handle.result();
    return { workflowId, previewAck, payAck, decisionToCompleted: performance.now() - updateSent };
  };
}
