import { Client } from 'pg';
import { poolOptions } from '../../../src/db/data-source';

describe('poolOptions', () => {
  it('turns the bounds into node-postgres options: connect and pool wait, statement_timeout, idle-in-transaction, a bounded client', () => {
    const options = poolOptions(10, { connectMs: 5000, statementMs: 5000, idleInTransactionMs: 10_000 });
    expect(options).toMatchObject({
      max: 10,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      statement_timeout: 5000,
      idle_in_transaction_session_timeout: 10_000,
    });
    expect(Object.getPrototypeOf(options.Client)).toBe(Client);
  });

  it('sends neither timeout when it is 0, and no client bound without statement_timeout', () => {
    const options = poolOptions(2, { connectMs: 1000, statementMs: 0, idleInTransactionMs: 0 });
    expect(options).toEqual({
      max: 2,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 1000,
    });
  });

  it('leaves a pool without bounds (migrations) waiting as long as it takes', () => {
    expect(poolOptions(2, undefined)).toEqual({ max: 2, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
  });
});
