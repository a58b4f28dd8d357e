import { performance } from 'node:perf_hooks';
import type { Callback } from '../../shared/callback-receiver';
import { Attempt, Post, retryingPost } from '../../shared/integrator-post';
import { callbackPath, ordinaryAmount, PAYING_USER, previewBody } from '../../shared/qr-flow';
import { callbackBy, ClientTarget } from './clients';

/**
 * Client C: an integrator going through the spec's ordinary flows one after another, each
 * expecting the callbacks the spec promises it, within a QR's life. It stands beside the
 * noisy client to show that what an ordinary integrator does still works while another floods
 * the service: every callback it expects comes, as when it runs alone.
 */

/** One flow of client C, and the callbacks it expected and got. */
export interface OrdinaryFlow {
  name: OrdinaryFlowName;
  startedAtMs: number;
  endedAtMs: number;
  /** The callbacks the spec promises for the flow, in order. */
  expected: string[];
  received: string[];
  /** A request the flow could not go on after (answered otherwise than the spec says), or the callback it waited for in vain. */
  failure: string | null;
}

export const ORDINARY_FLOWS = [
  'closed-QR paid and refunded',
  'open-amount QR',
  'Pix key',
  'Peru phone wallet',
  'collection',
  'unpaid QR expires',
] as const;
export type OrdinaryFlowName = (typeof ORDINARY_FLOWS)[number];

export interface OrdinaryRecord {
  flows: OrdinaryFlow[];
  attempts: Attempt[];
}

export interface OrdinaryTarget extends ClientTarget {
  /** The shopper who pays client C's collection QRs: a client of its own. */
  shopperToken: string;
}

/**
 * A callback that comes later than this after the step that asked for it is of no use to the
 * person at the till: the QR it belongs to has expired. Expiry itself comes this long after the
 * order, so its callback gets this long again.
 */
const callbackLimitMs = (qrExpirySeconds: number) => qrExpirySeconds * 1000;

/** A request resent for this long without a real answer ends the flow. */
const REQUEST_LIMIT_MS = 60_000;

class FlowFailure extends Error {}

/** What every step of a flow needs: sending a request (resent when refused for now) and waiting for a callback, both recorded. */
class Step {
  readonly received: string[] = [];
  /** Requests sent so far: each gets an idempotency-key of its own, which its resends keep. */
  private sent = 0;

  constructor(
    private readonly target: OrdinaryTarget,
    private readonly post: Post,
    private readonly limitMs: number,
    private readonly key: string,
  ) {}

  async send(
    path: string,
    body: unknown,
    {
      method = 'POST',
      status = [200, 201],
      token = this.target.token,
    }: { method?: 'POST' | 'PUT'; status?: number[]; token?: string } = {},
  ) {
    const answer = await this.post({
      url: `${this.target.apiUrl}${path}`,
      token,
      key: `${this.key}:${++this.sent}`,
      body,
      signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
      method,
    });
    if (!status.includes(answer.status))
      throw new FlowFailure(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body as Record<string, unknown> & { order?: { id: string; status?: string } };
  }

  /** Waits for the callback under `path` that `matches`, named `label` in the report; a flow whose callback does not come ends there. */
  async expect(
    path: string,
    label: string,
    matches: (callback: Callback) => boolean,
    limitMs = this.limitMs,
  ): Promise<Callback> {
    const callback = await callbackBy(this.target.callbacks, path, matches, performance.now() + limitMs);
    if (!callback) throw new FlowFailure(`no ${label} callback within ${limitMs / 1000} s`);
    this.received.push(label);
    return callback;
  }

  url = (path: string) => `${this.target.receiverUrl}${path}`;

  get shopperToken(): string {
    return this.target.shopperToken;
  }
}

const orderStatus = (status: string) => (callback: Callback) =>
  (callback.body as { order?: { status?: string } } | undefined)?.order?.status === status;
const hasOrder = (callback: Callback) => callback.body?.order?.id !== undefined;
const statusIs = (status: string) => (callback: Callback) => callback.body?.status === status;
const eventIs = (event: string) => (callback: Callback) => callback.body?.event === event;
const orderIdOf = (callback: Callback) => callback.body!.order!.id;

interface FlowSpec {
  expected: string[];
  run(step: Step, reference: string, index: number): Promise<void>;
}

/** Pays the order the preview callback under `path` named, and waits for its end (key flows announce PROCESSING first). */
async function payAndComplete(
  step: Step,
  path: string,
  orderId: string,
  extra: Record<string, unknown> = {},
  announcesProcessing = false,
) {
  await step.send('/v2/payments', {
    order_id: orderId,
    status: 'accepted',
    notification_url: step.url(path),
    ...extra,
  });
  if (announcesProcessing) await step.expect(path, 'PROCESSING', statusIs('PROCESSING'));
  await step.expect(path, 'COMPLETED', statusIs('COMPLETED'));
}

function flowSpecs(collectorPos: string, qrExpirySeconds: number): Record<OrdinaryFlowName, FlowSpec> {
  return {
    'closed-QR paid and refunded': {
      expected: ['PREVIEW', 'COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'],
      async run(step, reference) {
        const path = callbackPath(reference);
        await step.send('/v2/payments/previews', previewBody(reference, step.url(path), '80.00'));
        const orderId = orderIdOf(await step.expect(path, 'PREVIEW', hasOrder));
        await payAndComplete(step, path, orderId);
        await step.send('/v2/qr/refund', { order_id: orderId, amount: '30.00', reason: 'one item returned' });
        await step.expect(path, 'PARTIALLY_REFUNDED', statusIs('PARTIALLY_REFUNDED'));
        await step.send('/v2/qr/refund', { order_id: orderId });
        await step.expect(path, 'REFUNDED', statusIs('REFUNDED'));
      },
    },
    'open-amount QR': {
      expected: ['PREVIEW WAITING_AMOUNT', 'PREVIEW CREATED', 'COMPLETED'],
      async run(step, reference, index) {
        const path = callbackPath(reference);
        await step.send('/v2/payments/previews', previewBody(reference, step.url(path), null));
        const orderId = orderIdOf(await step.expect(path, 'PREVIEW WAITING_AMOUNT', orderStatus('WAITING_AMOUNT')));
        await step.send(
          '/v2/payments/previews',
          { order_id: orderId, amount: ordinaryAmount(index) },
          { method: 'PUT' },
        );
        await step.expect(path, 'PREVIEW CREATED', orderStatus('CREATED'));
        await payAndComplete(step, path, orderId);
      },
    },
    'Pix key': {
      expected: ['PREVIEW', 'PROCESSING', 'COMPLETED'],
      async run(step, reference, index) {
        const path = callbackPath(reference);
        await step.send('/v2/payments/validations/dictkey', { dict_key: '52998224725' });
        const body = {
          dict_key: '52998224725',
          amount: ordinaryAmount(index),
          external_reference: reference,
          notification_url: step.url(path),
          user: PAYING_USER,
        };
        await step.send('/v2/payments/previews/dictkey', body);
        await payAndComplete(step, path, orderIdOf(await step.expect(path, 'PREVIEW', hasOrder)), {}, true);
      },
    },
    'Peru phone wallet': {
      expected: ['PREVIEW', 'PROCESSING', 'COMPLETED'],
      async run(step, reference, index) {
        const path = callbackPath(reference);
        const phone = '+51987654321';
        const validation = (await step.send('/v2/payments/validations/dictkey', {
          dict_key: phone,
          local_country: 'PE',
        })) as { walletId?: string; wallets?: Array<{ id: string }> };
        const wallet = validation.wallets?.at(-1);
        if (!validation.walletId || !wallet)
          throw new FlowFailure(`the validation of ${phone} listed no wallet: ${JSON.stringify(validation)}`);
        await step.send('/v2/validations/wallet', {
          wallet_record_id: validation.walletId,
          selected_wallet_id: wallet.id,
          local_country: 'PE',
        });
        const body = {
          dict_key: phone,
          amount: ordinaryAmount(index),
          local_country: 'PE',
          external_reference: reference,
          notification_url: step.url(path),
          user: PAYING_USER,
        };
        await step.send('/v2/payments/previews/dictkey', body);
        await payAndComplete(
          step,
          path,
          orderIdOf(await step.expect(path, 'PREVIEW', hasOrder)),
          { wallet_id: wallet.id },
          true,
        );
      },
    },
    collection: {
      expected: ['QR_CREATED', 'PREVIEW (shopper)', 'COMPLETED (shopper)', 'COMPLETED (collector)'],
      async run(step, reference, index) {
        const collectorPath = callbackPath(`${reference}-collector`);
        const shopperPath = callbackPath(reference);
        const created = (await step.send('/v2/qr', {
          pos_uuid: collectorPos,
          external_reference: reference,
          amount: ordinaryAmount(index),
          notification_url: step.url(collectorPath),
        })) as {
          order_id: string;
          qr: string;
        };
        await step.expect(collectorPath, 'QR_CREATED', eventIs('QR_CREATED'));
        const scan = {
          qr: created.qr,
          external_reference: reference,
          notification_url: step.url(shopperPath),
          user: PAYING_USER,
        };
        await step.send('/v2/payments/previews', scan, { token: step.shopperToken });
        await step.expect(shopperPath, 'PREVIEW (shopper)', hasOrder);
        await step.send(
          '/v2/payments',
          { order_id: created.order_id, status: 'accepted', notification_url: step.url(shopperPath) },
          { token: step.shopperToken },
        );
        await step.expect(shopperPath, 'COMPLETED (shopper)', statusIs('COMPLETED'));
        await step.expect(collectorPath, 'COMPLETED (collector)', statusIs('COMPLETED'));
      },
    },
    'unpaid QR expires': {
      expected: ['PREVIEW', 'QR_EXPIRED'],
      async run(step, reference) {
        const path = callbackPath(reference);
        await step.send('/v2/payments/previews', previewBody(reference, step.url(path), '15.00'));
        await step.expect(path, 'PREVIEW', hasOrder);
        // Nobody pays: the order expires a QR's life after it was made, and says so.
        await step.expect(path, 'QR_EXPIRED', eventIs('QR_EXPIRED'), callbackLimitMs(qrExpirySeconds) * 2);
      },
    },
  };
}

/** The collector, store and POS client C collects with, made once, as an integrator sets up its shop. */
async function setUpCollector(step: Step, runId: string): Promise<string> {
  const collector = (await step.send('/collectors', {
    external_reference: `${runId}-shop`,
    name: 'Padaria Estrela Ltda',
    fantasy_name: 'Padaria Estrela',
    regular_contact_email: 'ops@estrela.example',
    country_code: 'BR',
    description: 'Bakery',
  })) as { collector_uuid: string };
  const store = (await step.send(`/collectors/${collector.collector_uuid}/stores`, {
    description: 'Paulista',
    external_reference: `${runId}-store`,
    address: 'Av. Paulista 1000, São Paulo',
    phone: '+55 11 5555-0100',
    manager: 'Maria',
  })) as { uuid: string };
  const pos = (await step.send(`/stores/${store.uuid}/pos`, {
    name: 'Checkout 1',
    external_reference: `${runId}-pos`,
    category: 5462,
  })) as { uuid: string };
  return pos.uuid;
}

/**
 * Runs client C: sets up its shop, then goes through its flows one after another, cycle after
 * cycle, until `untilMs` (after the drive started); the unpaid QR of each cycle waits for its
 * expiry beside the others. Resends what is refused for now, as a well-behaved integrator does.
 */
export async function runOrdinaryClient(
  target: OrdinaryTarget,
  options: { runId: string; qrExpirySeconds: number; untilMs: number },
): Promise<OrdinaryRecord> {
  const record: OrdinaryRecord = { flows: [], attempts: [] };
  const post = retryingPost((attempt) => record.attempts.push(attempt));
  const limitMs = callbackLimitMs(options.qrExpirySeconds);
  const pos = await setUpCollector(new Step(target, post, limitMs, `${options.runId}-setup`), options.runId);
  const specs = flowSpecs(pos, options.qrExpirySeconds);
  const now = () => performance.now() - target.startedAt;

  const run = async (name: OrdinaryFlowName, cycle: number): Promise<void> => {
    const reference = `${options.runId}-${cycle}-${ORDINARY_FLOWS.indexOf(name)}`;
    const step = new Step(target, post, limitMs, reference);
    const flow: OrdinaryFlow = {
      name,
      startedAtMs: now(),
      endedAtMs: 0,
      expected: specs[name].expected,
      received: step.received,
      failure: null,
    };
    record.flows.push(flow);
    try {
      await specs[name].run(step, reference, cycle);
    } catch (error) {
      flow.failure = error instanceof Error ? error.message : String(error);
    } finally {
      flow.endedAtMs = now();
      for (const suffix of ['', '-collector']) target.callbacks.forget(callbackPath(`${reference}${suffix}`));
    }
  };

  for (let cycle = 0; now() < options.untilMs; cycle++) {
    const expiring = run('unpaid QR expires', cycle);
    for (const name of ORDINARY_FLOWS) {
      if (name === 'unpaid QR expires') continue;
      if (now() >= options.untilMs) break;
      await run(name, cycle);
    }
    await expiring;
  }
  return record;
}
