import { keyedRequest } from '../../../src/idempotency/keyed-request';

describe('a keyed request’s id', () => {
  const client = '6f1c2a53-9d7e-4b0a-8c3f-2e5d7a9b1c40';
  const body = Buffer.from('{"order_id":"o1","status":"accepted"}');
  const idOf = (operation: string, clientId: string, key: string, bytes = body) =>
    keyedRequest(operation, clientId, key, { body: bytes })!.id;

  it('is the same for every resend, and names the operation without the key', () => {
    const id = idOf('payments.pay', client, 'order-42/pay');
    expect(idOf('payments.pay', client, 'order-42/pay', Buffer.from(body))).toBe(id);
    expect(id).toMatch(/^payments\.pay:[0-9a-f]{64}$/);
    expect(id).not.toContain('order-42');
  });

  it('differs by operation, client, key and request bytes', () => {
    const id = idOf('payments.pay', client, 'k1');
    expect(idOf('payments.amount', client, 'k1')).not.toBe(id);
    expect(idOf('payments.pay', '0b7d5e2c-1a3f-4c6e-9d8b-7f2a4c6e8d0a', 'k1')).not.toBe(id);
    expect(idOf('payments.pay', client, 'k2')).not.toBe(id);
    expect(idOf('payments.pay', client, 'k1', Buffer.from('{"order_id":"o1","status":"rejected"}'))).not.toBe(id);
  });

  it('does not exist without a key: the request is sent as any other', () => {
    expect(keyedRequest('payments.pay', client, undefined, { body })).toBeUndefined();
  });
});
