import { performance } from 'node:perf_hooks';
import type { Client } from '@temporalio/client';
import { encodeEmvQr } from '../../src/emv';
import { CLIENT_ID, EXTERNAL_REFERENCE, ORDER_STATUS } from '../../src/temporal/search-attribute-keys';
import { BenchNoopEvent, benchNoopDecideUpdate, benchNoopOrderWorkflow } from './noop.workflow';
import type { Callback } from './callback-receiver';
import type { Flow } from './driver';
import type { Mailbox } from './mailbox';

const FINAL_STATUSES = ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELED'];
/** Far beyond any flow: the expiry timer is armed, as in production, but never fires. */
const EXPIRY_MS = 10 * 60_000;

export interface EngineTarget {
  apiUrl: string;
  token: string;
  receiverUrl: string;
  callbacks: Mailbox<Callback>;
  /** Keeps external references and paths unique across runs (warm-up, measured). */
  runId: string;
}

/**
 * The integrator's happy path over HTTP: preview a closed-amount Pix QR, wait for the preview
 * callback, accept, wait for the COMPLETED callback. Requests carry an idempotency-key, as an
 * integrator's should.
 */
export function engineFlow(target: EngineTarget): Flow {
  const post = async (path: string, body: unknown, key: string, signal: AbortSignal) => {
    const response = await fetch(`${target.apiUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}`, 'idempotency-key': key },
      body: JSON.stringify(body),
      signal,
    });
    const answer = (await response.json()) as any;
    if (response.status !== 200) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };

  return async (index, signal) => {
    const reference = `bench-${target.runId}-${index}`;
    const path = `/callbacks/${reference}`;
    const notificationUrl = `${target.receiverUrl}${path}`;
    try {
      const previewSent = performance.now();
      await post(
        '/v2/payments/previews',
        {
          qr: pixQr('100.00', reference),
          external_reference: reference,
          notification_url: notificationUrl,
          user: { full_name: 'Bench Payer', currency: 'USD', account_number: 'ACC-000001', tax_id: '12345678' },
        },
        `${reference}:preview`,
        signal,
      );
      const previewAck = performance.now() - previewSent;
      const preview = await target.callbacks.waitFor(path, (callback) => callback.body?.order?.id !== undefined);

      const decisionSent = performance.now();
      const paid = await post('/v2/payments', { order_id: preview.body.order.id, status: 'accepted', notification_url: notificationUrl }, `${reference}:pay`, signal);
      const payAck = performance.now() - decisionSent;
      if (paid.status !== 'PROCESSING') throw new Error(`pay answered ${paid.status} (${paid.error_code})`);

      const final = await target.callbacks.waitFor(path, (callback) => FINAL_STATUSES.includes(callback.body?.status));
      if (final.body.status !== 'COMPLETED') throw new Error(`order ended ${final.body.status} (${final.body.error_code})`);
      return { previewAck, payAck, decisionToCompleted: final.at - decisionSent };
    } finally {
      target.callbacks.forget(path);
    }
  };
}

/** A dynamic (closed-amount) Brazilian Pix QR whose reference label is the flow's own. */
function pixQr(amount: string, reference: string): string {
  return encodeEmvQr({
    point_of_initiation: 'DYNAMIC',
    merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': 'bench@pix.example' } }],
    merchant: { name: 'Padaria Bench', city: 'SAO PAULO', mcc: '5812' },
    currency_numeric: '986',
    amount,
    country: 'BR',
    additional_data: { reference_label: reference.replace(/[^A-Za-z0-9]/g, '').slice(-25) },
  });
}

export interface CeilingTarget {
  temporal: Client;
  taskQueue: string;
  clientId: string;
  /** benchNoopDeliver posts each callback here, under its order id, with performance.now(). */
  deliveries: Mailbox<{ event: BenchNoopEvent; at: number }>;
  runId: string;
}

/**
 * The same three phases against benchNoopOrderWorkflow, straight through the Temporal client:
 * start (with the API's search attributes), wait for the PREVIEW delivery, decide by update,
 * wait for the COMPLETED delivery.
 */
export function ceilingFlow(target: CeilingTarget): Flow {
  return async (index) => {
    const orderId = `bench-${target.runId}-${index}`;
    try {
      const startSent = performance.now();
      const handle = await target.temporal.workflow.start(benchNoopOrderWorkflow, {
        workflowId: `bench-order-${orderId}`,
        taskQueue: target.taskQueue,
        args: [{ orderId, expiresAtMs: Date.now() + EXPIRY_MS }],
        typedSearchAttributes: [
          { key: ORDER_STATUS, value: 'CREATED' },
          { key: CLIENT_ID, value: target.clientId },
          { key: EXTERNAL_REFERENCE, value: orderId },
        ],
      });
      const previewAck = performance.now() - startSent;
      await target.deliveries.waitFor(orderId, (delivery) => delivery.event === 'PREVIEW');

      const decisionSent = performance.now();
      await handle.executeUpdate(benchNoopDecideUpdate, { args: [{ decision: 'accepted' }] });
      const payAck = performance.now() - decisionSent;

      const completed = await target.deliveries.waitFor(orderId, (delivery) => delivery.event === 'COMPLETED');
      return { previewAck, payAck, decisionToCompleted: completed.at - decisionSent };
    } finally {
      target.deliveries.forget(orderId);
    }
  };
}
