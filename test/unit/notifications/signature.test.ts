import { createHmac } from 'node:crypto';
import { signPayload, verifySignature } from '../../../src/notifications';

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
