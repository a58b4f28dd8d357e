import { Decimal as DecimalJs } from 'decimal.js';
import { Decimal } from '../../../src/money';

describe('money Decimal', () => {
  it('rounds half to even by default', () => {
    expect(new Decimal('0.125').toDecimalPlaces(2).toFixed()).toBe('0.12');
    expect(new Decimal('0.135').toDecimalPlaces(2).toFixed()).toBe('0.14');
    expect(new Decimal('2.5').toDecimalPlaces(0).toFixed()).toBe('2');
  });

  it('keeps 40 significant digits in divisions', () => {
    expect(new Decimal(1).dividedBy(3).toFixed()).toBe(`0.${'3'.repeat(40)}`);
  });

  it('never prints exponential notation', () => {
    expect(new Decimal('1e-12').toString()).toBe('0.000000000001');
    expect(new Decimal('1e25').toString()).toBe('10000000000000000000000000');
  });

  it('leaves the global decimal.js configuration untouched', () => {
    expect(DecimalJs.precision).toBe(20);
    expect(DecimalJs.rounding).toBe(DecimalJs.ROUND_HALF_UP);
  });
});
