import { UsageError } from '../../../src/cli/command';
import { orderSearchStatement } from '../../../src/orders/order-search';
import { parseOrderSearchArgs } from '../../../scripts/bench/order-search';

describe('the order-search bench: its options', () => {
  it('defaults to ten million orders over a hundred clients, five runs each', () => {
    expect(parseOrderSearchArgs([])).toEqual({ orders: 10_000_000, clients: 100, repeat: 5 });
  });

  it('reads each option', () => {
    expect(parseOrderSearchArgs(['--orders', '200000', '--clients', '10', '--repeat', '3'])).toEqual({
      orders: 200_000,
      clients: 10,
      repeat: 3,
    });
  });

  it.each([
    [['--orders', '999']],
    [['--orders', '20000001']],
    [['--orders', '1e7']],
    [['--clients', '1']],
    [['--repeat', '0']],
    [['--rows', '10']],
    [['10000000']],
    [['--orders']],
  ])('refuses %j as a usage error', (argv) => {
    expect(() => parseOrderSearchArgs(argv)).toThrow(UsageError);
  });
});

describe('the order search statement', () => {
  const client = '0b6c3c3e-3f8a-4bb0-9c55-3f4cf2a0d6a1';

  it('binds every filter, never inlines one, and reads one row more than the page', () => {
    const { text, values } = orderSearchStatement(client, {
      limit: 20,
      externalReference: "x'; DROP TABLE orders; --",
      status: 'COMPLETED',
      flow: 'COLLECTION',
      createdAfter: new Date('2026-01-01T00:00:00Z'),
      createdBefore: new Date('2026-02-01T00:00:00Z'),
      after: [1764201600123456n, '7b2c1f0e-8a55-4c43-9a4b-1f6f0d3c2e11'],
    });
    expect(values).toEqual([
      client,
      21,
      "x'; DROP TABLE orders; --",
      'COMPLETED',
      'COLLECTION',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-02-01T00:00:00Z'),
      '1764201600123456',
      '7b2c1f0e-8a55-4c43-9a4b-1f6f0d3c2e11',
    ]);
    expect(text).not.toContain('DROP');
    // Each role matches the reference it names the order by.
    expect(text).toContain('external_reference = $3');
    expect(text).toContain('collector_external_reference = $3');
    expect(text).toContain('payer_client_id IS DISTINCT FROM $1');
  });

  it("reads no collector's orders for a flow that has no collector", () => {
    expect(orderSearchStatement(client, { limit: 5, flow: 'KEY' }).text).not.toContain('collector_client_id');
    expect(orderSearchStatement(client, { limit: 5, flow: 'COLLECTION' }).text).toContain('collector_client_id = $1');
    expect(orderSearchStatement(client, { limit: 5 }).text).toContain('collector_client_id = $1');
  });

  it('has no filter it was not given', () => {
    const { text, values } = orderSearchStatement(client, { limit: 5 });
    expect(values).toEqual([client, 6]);
    expect(text).not.toMatch(/\$3/);
  });
});
