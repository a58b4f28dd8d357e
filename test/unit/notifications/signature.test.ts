import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { callbackSignatureHeaders } from '../../../src/notifications/callback-signing';
import {
  signCallback,
  signPayload,
  standardWebhooksSecret,
  verifyCallback,
  verifySignature,
} from '../../../src/notifications';

const secret = 'whsec_test-secret-of-enough-length';
const body = '{"event":"PAYMENT","order_id":"3f1c","status":"COMPLETED","amount":10.50}';
const t = 1_763_800_000;

describe('callback signatures', () => {
  it('signs as t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">', () => {
    const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signPayload(secret, body, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies its own signature within the tolerance, either side of now', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature(secret, body, header, { now: t })).toBe(true);
    expect(verifySignature(secret, body, header, { now: t + 300 })).toBe(true);
    expect(verifySignature(secret, body, header, { now: t - 300 })).toBe(true);
  });

  it('uses the clock when no now is given', () => {
    const header = signPayload(secret, body, Math.floor(Date.now() / 1000));
    expect(verifySignature(secret, body, header)).toBe(true);
  });

  it('rejects a tampered body, even a re-serialisation of the same JSON', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature(secret, body.replace('10.50', '10.51'), header, { now: t })).toBe(false);
    expect(verifySignature(secret, JSON.stringify(JSON.parse(body)), header, { now: t })).toBe(false);
  });

  it('rejects a signature made with another secret', () => {
    expect(verifySignature(secret, body, signPayload('whsec_another-secret', body, t), { now: t })).toBe(false);
  });

  it('rejects a stale or future t beyond the tolerance, and honours a custom tolerance', () => {
    const header = signPayload(secret, body, t);
    expect(verifySignature(secret, body, header, { now: t + 301 })).toBe(false);
    expect(verifySignature(secret, body, header, { now: t - 301 })).toBe(false);
    expect(verifySignature(secret, body, header, { now: t + 3600, toleranceSeconds: 3600 })).toBe(true);
  });

  it('rejects a t that was changed after signing', () => {
    const header = signPayload(secret, body, t).replace(`t=${t}`, `t=${t + 1}`);
    expect(verifySignature(secret, body, header, { now: t })).toBe(false);
  });

  it('accepts several v1 entries (secret rotation), spaces, upper-case hex and unknown schemes', () => {
    const good = signPayload(secret, body, t).split('v1=')[1]!;
    const header = ` t=${t} , v0=abc, v1=${'0'.repeat(64)}, v1=${good.toUpperCase()} `;
    expect(verifySignature(secret, body, header, { now: t })).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no t', `v1=${'a'.repeat(64)}`],
    ['no v1', `t=${t}`],
    ['two t', `t=${t},t=${t},v1=${'a'.repeat(64)}`],
    ['non-numeric t', `t=abc,v1=${'a'.repeat(64)}`],
    ['short v1', `t=${t},v1=abcd`],
    ['garbage', 'not a signature at all'],
  ])('rejects a malformed header (%s) without throwing', (_, header) => {
    expect(verifySignature(secret, body, header, { now: t })).toBe(false);
  });

  it('refuses to sign with a timestamp that is not whole unix seconds', () => {
    expect(() => signPayload(secret, body, 1.5)).toThrow(RangeError);
    expect(() => signPayload(secret, body, Date.now() * 1000 * 1000)).toThrow(RangeError);
  });
});

describe('callback signatures covering the event id (v2)', () => {
  const eventId = '6f1d2c4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
  const otherId = '0b7e3a1c-2d4f-4e6a-8b9c-0d1e2f3a4b5c';
  const callback = { eventId, rawBody: body, timestampSeconds: t };

  it('signs as t=<unix>,v1=<HMAC of "<t>.<body>">,v2=<HMAC of "<t>.<event id>.<body>">', () => {
    const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const v2 = createHmac('sha256', secret).update(`${t}.${eventId}.${body}`).digest('hex');
    expect(signCallback(secret, callback)).toBe(`t=${t},v1=${v1},v2=${v2}`);
    expect(signCallback(secret, callback, { v1: false })).toBe(`t=${t},v2=${v2}`);
  });

  it('verifies with the event id it was sent with, and refuses the same header under a changed id', () => {
    const signature = signCallback(secret, callback);
    expect(verifyCallback(secret, { eventId, rawBody: body, signature }, { now: t })).toBe(true);
    expect(verifyCallback(secret, { eventId: otherId, rawBody: body, signature }, { now: t })).toBe(false);
  });

  it('refuses a header whose v2 was stripped: v1 does not cover the id, so it is never enough', () => {
    const signature = signCallback(secret, callback).replace(/,v2=[0-9a-f]+/, '');
    expect(verifyCallback(secret, { eventId, rawBody: body, signature }, { now: t })).toBe(false);
    expect(
      verifyCallback(secret, { eventId, rawBody: body, signature: signPayload(secret, body, t) }, { now: t }),
    ).toBe(false);
  });

  it('refuses a tampered body, another secret and a stale t', () => {
    const signature = signCallback(secret, callback);
    expect(verifyCallback(secret, { eventId, rawBody: body.replace('10.50', '10.51'), signature }, { now: t })).toBe(
      false,
    );
    expect(verifyCallback('whsec_another-secret', { eventId, rawBody: body, signature }, { now: t })).toBe(false);
    expect(verifyCallback(secret, { eventId, rawBody: body, signature }, { now: t + 301 })).toBe(false);
  });

  it('keeps v1 verifying during its window: the new header still satisfies a v1-only receiver', () => {
    expect(verifySignature(secret, body, signCallback(secret, callback), { now: t })).toBe(true);
  });

  it('signs with every secret of a rotation, each verifying on its own', () => {
    const signature = signCallback(['whsec_old-secret', 'whsec_new-secret'], callback);
    expect(signature.match(/v1=/g)).toHaveLength(2);
    expect(signature.match(/v2=/g)).toHaveLength(2);
    for (const key of ['whsec_old-secret', 'whsec_new-secret']) {
      expect(verifyCallback(key, { eventId, rawBody: body, signature }, { now: t })).toBe(true);
      expect(verifySignature(key, body, signature, { now: t })).toBe(true);
    }
    expect(verifyCallback(secret, { eventId, rawBody: body, signature }, { now: t })).toBe(false);
    expect(() => signCallback([], callback)).toThrow(RangeError);
  });
});

describe('the headers of an attempt', () => {
  const eventId = '6f1d2c4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
  const now = new Date();
  const headersFor = (secrets: string[], v1 = true) => callbackSignatureHeaders({ secrets, eventId, body, now, v1 });

  it('carries the Standard Webhooks trio, which the standardwebhooks package verifies and refuses under a changed id', () => {
    const headers = headersFor([secret]);
    expect(headers).toMatchObject({
      'x-event-id': eventId,
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    });
    const receiver = new Webhook(standardWebhooksSecret(secret));
    expect(receiver.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body, { ...headers, 'webhook-id': 'another-id' })).toThrow('No matching signature');
  });

  it("carries the spec's signature header with v2 always and v1 only while its window is open", () => {
    const open = headersFor([secret]).signature!;
    const closed = headersFor([secret], false).signature!;
    const rawBody = body;
    expect(verifyCallback(secret, { eventId, rawBody, signature: open })).toBe(true);
    expect(verifySignature(secret, rawBody, open)).toBe(true);
    expect(verifyCallback(secret, { eventId, rawBody, signature: closed })).toBe(true);
    expect(verifySignature(secret, rawBody, closed)).toBe(false);
  });

  it('signs with both secrets during a rotation, in each header', () => {
    const headers = headersFor(['whsec_old-secret', 'whsec_new-secret']);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const key of ['whsec_old-secret', 'whsec_new-secret']) {
      expect(() => new Webhook(standardWebhooksSecret(key)).verify(body, headers)).not.toThrow();
      expect(verifyCallback(key, { eventId, rawBody: body, signature: headers.signature! })).toBe(true);
    }
  });
});
