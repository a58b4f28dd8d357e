import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { encodeEmvQr } from '../../src/emv';
import { QR_SCOPE } from '../../src/rails/countries';
import { FINAL_STATUSES, isFinal } from '../../src/orders/lifecycle';
import { orderWorkflowId } from '../../src/orders/order-workflow-start';
import type { Callback } from './callback-receiver';
import type { Flow } from './driver';
import { fieldsOf, Post, postOnce } from './integrator-post';
import type { Mailbox } from './mailbox';

export interface QrFlowTarget {
  apiUrl: string;
  token: string;
  receiverUrl: string;
  callbacks: Mailbox<Callback>;
  /** Prefixes the external references and callback paths, keeping them unique across runs. */
  runId: string;
  /** The QR's amount in BRL for flow `index`; 100.00 when absent. */
  amountOf?(index: number): string;
  /** How long flow `index`'s user looks at the preview before accepting; at once when absent. */
  thinkMs?(index: number): number;
  /** How requests are sent; one attempt each when absent (the bench measures, it does not retry). */
  post?: Post;
}

/**
 * The integrator's happy path over HTTP: preview a closed-amount Pix QR, wait for the preview
 * callback, accept, wait for the final callback, which must say COMPLETED. Requests carry an
 * idempotency-key, as an integrator's should.
 */
export function qrFlow(target: QrFlowTarget): Flow {
  const send = target.post ?? postOnce;
  const post = async (path: string, body: unknown, key: string, signal: AbortSignal) => {
    const answer = await send({ url: `${target.apiUrl}${path}`, token: target.token, key, body, signal });
    if (answer.status !== 200)
      throw new Error(`POST ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return fieldsOf(answer.body);
  };

  return async (index, signal) => {
    const reference = `${target.runId}-${index}`;
    const path = callbackPath(reference);
    const notificationUrl = `${target.receiverUrl}${path}`;
    try {
      const previewSent = performance.now();
      await post(
        '/v2/payments/previews',
        previewBody(reference, notificationUrl, target.amountOf?.(index) ?? '100.00'),
        `${reference}:preview`,
        signal,
      );
      const previewAck = performance.now() - previewSent;
      const preview = await target.callbacks.waitFor(
        path,
        (callback) => callback.body?.order?.id !== undefined || callback.body?.error_code !== undefined,
      );
      if (preview.body?.error_code) throw new Error(`preview failed (${preview.body.error_code})`);
      const orderId = preview.body?.order?.id;
      if (orderId === undefined) throw new Error('the preview callback named no order');
      const thinking = target.thinkMs?.(index) ?? 0;
      if (thinking > 0) await sleep(thinking, undefined, { signal });

      const decisionSent = performance.now();
      const paid = await post(
        '/v2/payments',
        { order_id: orderId, status: 'accepted', notification_url: notificationUrl },
        `${reference}:pay`,
        signal,
      );
      const payAck = performance.now() - decisionSent;
      // A retried pay may find the order already past PROCESSING; its final callback still comes.
      if (paid.status !== 'PROCESSING' && !FINAL_STATUSES.some((status) => status === paid.status))
        throw new Error(`pay answered ${paid.status} (${paid.error_code})`);

      const final = await target.callbacks.waitFor(
        path,
        (callback) => callback.body?.status !== undefined && isFinal(callback.body.status),
      );
      if (final.body?.status !== 'COMPLETED')
        throw new Error(`order ended ${final.body?.status} (${final.body?.error_code})`);
      return {
        workflowId: orderWorkflowId(orderId),
        previewAck,
        previewToCallback: preview.at - previewSent,
        payAck,
        decisionToCompleted: final.at - decisionSent,
      };
    } finally {
      target.callbacks.forget(path);
    }
  };
}

/** Ordinary prices from 10.00 to 99.99 BRL, a different one per flow; none is a sandbox magic amount. */
export const ordinaryAmount = (index: number) => ((1000 + ((index * 7919) % 9000)) / 100).toFixed(2);

/** Where the callbacks of the flow under `reference` arrive, below the receiver's URL. */
export const callbackPath = (reference: string) => `/callbacks/${reference}`;

/** The person paying, as every preview names them. */
export const PAYING_USER = {
  full_name: 'Bench Payer',
  currency: 'USD',
  account_number: 'ACC-000001',
  tax_id: '12345678',
} as const;

/** The preview request of a Pix QR under `reference`: closed-amount with an amount, open (static) without one. */
export function previewBody(reference: string, notificationUrl: string, amount: string | null) {
  return {
    qr: pixQr(amount, reference),
    external_reference: reference,
    notification_url: notificationUrl,
    user: PAYING_USER,
  };
}

/** A Brazilian Pix QR whose reference label is the flow's own: dynamic with an amount, static (open) without. */
function pixQr(amount: string | null, reference: string): string {
  return encodeEmvQr(
    {
      point_of_initiation: amount === null ? 'STATIC' : 'DYNAMIC',
      merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': 'bench@pix.example' } }],
      merchant: { name: 'Padaria Bench', city: 'SAO PAULO', mcc: '5812' },
      currency_numeric: '986',
      ...(amount === null ? {} : { amount }),
      country: 'BR',
      additional_data: { reference_label: reference.replace(/[^A-Za-z0-9]/g, '').slice(-25) },
    },
    QR_SCOPE,
  );
}
