import pino from 'pino';
import { QueryFailedError } from 'typeorm';
import { loggableError } from '../../../src/db/loggable-error';
import { loggableMeta } from '../../../src/temporal/runtime';

const PERSONAL = ['Ana Souza', '12345678909', 'https://hooks.example.com/secret-path'];

/** A unique violation as pg reports it: the driver's detail repeats the row's values. */
function uniqueViolation(): QueryFailedError {
  const driverError = Object.assign(
    new Error('duplicate key value violates unique constraint "orders_payer_reference_uq"'),
    {
      code: '23505',
      constraint: 'orders_payer_reference_uq',
      table: 'orders',
      detail: `Key (tax_id)=(${PERSONAL[1]}) already exists.`,
    },
  );
  return new QueryFailedError(
    'INSERT INTO orders (full_name, tax_id, notification_url) VALUES ($1, $2, $3)',
    PERSONAL,
    driverError,
  );
}

/** What pino writes for the error. */
const logged = (error: unknown) => JSON.stringify(pino.stdSerializers.err(error as Error));

describe('loggableError', () => {
  it('keeps a database error to its code, constraint and message', () => {
    const text = logged(loggableError(uniqueViolation()));
    expect(JSON.parse(text)).toMatchObject({
      type: 'QueryFailedError',
      code: '23505',
      constraint: 'orders_payer_reference_uq',
      message: 'duplicate key value violates unique constraint "orders_payer_reference_uq"',
    });
    for (const value of PERSONAL) expect(text).not.toContain(value);
    expect(text).not.toContain('INSERT INTO');
  });

  it('would otherwise log the parameters (the reason it exists)', () => {
    for (const value of PERSONAL) expect(logged(uniqueViolation())).toContain(value);
  });

  it('redacts a database error anywhere in the cause chain, keeping the other links', () => {
    const failure = Object.assign(new Error('activity failed'), {
      activityType: 'persistTransition',
      cause: new Error('retry', { cause: uniqueViolation() }),
    });
    const text = logged(loggableError(failure));
    for (const value of PERSONAL) expect(text).not.toContain(value);
    expect(JSON.parse(text)).toMatchObject({ message: expect.stringContaining('activity failed'), type: 'Error' });
    expect(text).toContain('caused by: QueryFailedError: duplicate key value violates unique constraint');
    expect(text).toContain('persistTransition');
  });

  it('leaves any other value as it is', () => {
    const error = new Error('rail timed out');
    expect(loggableError(error)).toBe(error);
    expect(loggableError('text')).toBe('text');
  });

  it("redacts the worker's log fields, as the Temporal runtime passes them", () => {
    const meta = loggableMeta({ activityType: 'persistTransition', error: uniqueViolation() });
    expect(meta.activityType).toBe('persistTransition');
    const text = logged(meta.error);
    for (const value of PERSONAL) expect(text).not.toContain(value);
    expect(loggableMeta(undefined)).toEqual({});
  });
});
