import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { expectedWaitMs } from '../../../src/capacity/admission';
import { BacklogMonitor } from '../../../src/capacity/backlog-monitor';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * Issue 28, admission on the backlog: while the workers are behind (here: none polls yet, so
 * the first previews' tasks wait in Temporal's queue), new previews are refused at once with
 * 503 OVERLOADED and Retry-After, those of a client over its fair share first, instead of
 * being acknowledged and prepared minutes later. Actions on orders already taken are not
 * shed, and once the workers catch up previews are taken again; every acknowledged preview
 * gets its callback.
 */
describe('admission on the backlog', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack(
      { ADMISSION_MAX_BACKLOG_AGE: '2s', ADMISSION_FAIR_SHARE: '0.5', ADMISSION_POLL_INTERVAL: '200ms' },
      { workerStarted: false },
    );
  });
  afterAll(() => stack.close());

  const backlogAge = () => Math.max(0, ...(stack.api.app.get(BacklogMonitor).current() ?? []).map(expectedWaitMs));

  const preview = (call: ReturnType<typeof http>, path: string) =>
    call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });

  it('sheds the previews of a client over its fair share while the workers are behind, admits a light client, and takes previews again once they catch up', async () => {
    const heavy = await stack.newPayer();
    const light = await stack.newPayer();
    const acknowledged: string[] = [];
    const first = `/heavy/${randomUUID()}`;
    expect((await preview(heavy.call, first)).status).toBe(200);
    acknowledged.push(first);
    await until('the backlog to pass its bound', () => backlogAge() > 2000);

    const lightPath = `/light/${randomUUID()}`;
    expect((await preview(light.call, lightPath)).status).toBe(200);
    acknowledged.push(lightPath);
    const burst = [];
    for (let index = 0; index < 4; index += 1) {
      const path = `/heavy/${randomUUID()}`;
      const answer = await preview(heavy.call, path);
      if (answer.status === 200) acknowledged.push(path);
      burst.push(answer);
    }
    const shed = burst.filter((answer) => answer.status === 503);
    // A fair share of 0.5 a second over the previews' window of 2 s: one preview of the window passes.
    expect(shed.length).toBeGreaterThanOrEqual(3);
    for (const answer of shed) {
      expect(answer.body).toMatchObject({ statusCode: 503, message: expect.any(String), error_code: 'OVERLOADED' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(2);
    }

    await stack.startWorker();
    for (const path of acknowledged) await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await until('the backlog to drain', () => backlogAge() <= 2000);
    const again = `/heavy/${randomUUID()}`;
    expect((await preview(heavy.call, again)).status).toBe(200);
    await stack.receiver.waitFor(again, (c) => c.body.order !== undefined);
  });
});
