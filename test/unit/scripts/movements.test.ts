import fc from 'fast-check';
import { movementMix } from '../../../scripts/bench/movements';

describe('movementMix', () => {
  it('makes four payments for each refund', () => {
    expect(movementMix(1_000_000)).toEqual({ payments: 800_000, refunds: 200_000 });
  });

  it('makes exactly the movements asked for, and never more refunds than every fourth payment can take', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (movements) => {
        const { payments, refunds } = movementMix(movements);
        expect(payments + refunds).toBe(movements);
        expect(refunds * 4).toBeLessThanOrEqual(payments);
      }),
    );
  });
});
