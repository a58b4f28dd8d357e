import fc from 'fast-check';
import { deterministicUuid } from '../../../src/orders/event-id';

describe('deterministicUuid', () => {
  it('gives the same id for the same name, so a retried activity re-enqueues the same callback', () => {
    expect(deterministicUuid('order-1:3:PAYMENT')).toBe(deterministicUuid('order-1:3:PAYMENT'));
  });

  it('gives different ids for different names', () => {
    expect(deterministicUuid('order-1:3:PAYMENT')).not.toBe(deterministicUuid('order-1:4:PAYMENT'));
  });

  it('always has the UUID layout (version 5, RFC variant)', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        expect(deterministicUuid(name)).toMatch(
          /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        );
      }),
    );
  });
});
