import { ServiceError, WorkflowUpdateRPCTimeoutOrCancelledError } from '@temporalio/client';
import { QueryFailedError } from 'typeorm';
import { silentServerError } from '../../../src/db/bounded-client';
import { unavailability } from '../../../src/infra/unavailable';
import { RailsDeclinedError, RailsUnavailableError } from '../../../src/rails/rails.errors';

const grpc = (code: number, message = 'grpc') =>
  new ServiceError('Failed to start Workflow', { cause: Object.assign(new Error(message), { code }) });
const pg = (code: string) => new QueryFailedError('SELECT 1', [], Object.assign(new Error('pg'), { code }));

describe('unavailability', () => {
  it.each([
    ['Temporal UNAVAILABLE', grpc(14)],
    ['Temporal DEADLINE_EXCEEDED', grpc(4)],
    ['PostgreSQL connection failure (08006)', pg('08006')],
    ['PostgreSQL shut down by an administrator (57P01)', pg('57P01')],
    ['a statement PostgreSQL ended at statement_timeout (57014)', pg('57014')],
    [
      'a PostgreSQL connection dropped for not answering in time',
      new QueryFailedError('SELECT 1', [], silentServerError(7000)),
    ],
    [
      'an update whose answer did not come before the deadline',
      new WorkflowUpdateRPCTimeoutOrCancelledError('Workflow update call timeout or cancelled'),
    ],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['Temporal not connected in time', new Error('Failed to connect before the deadline')],
    [
      'a bare gRPC UNAVAILABLE',
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
        code: 14,
        details: 'No connection established',
        metadata: {},
      }),
    ],
    [
      'search attributes no worker has registered yet',
      grpc(3, '3 INVALID_ARGUMENT: Namespace fresh has no mapping defined for search attribute OrderStatus'),
    ],
  ])('calls %s SERVICE_UNAVAILABLE', (_label, error) => {
    expect(unavailability(error)).toBe('SERVICE_UNAVAILABLE');
  });

  it('calls an unreachable rail UPSTREAM_ERROR', () => {
    expect(unavailability(new RailsUnavailableError('timed out'))).toBe('UPSTREAM_ERROR');
  });

  it.each([
    ['a Temporal NOT_FOUND', grpc(5)],
    ['any other INVALID_ARGUMENT', grpc(3, '3 INVALID_ARGUMENT: WorkflowId is not set on request')],
    ['a unique violation', pg('23505')],
    ['a rail decline', new RailsDeclinedError('KEY_NOT_FOUND', 'no key')],
    ['a bug', new TypeError('x is undefined')],
    ['not an error at all', 'boom'],
  ])('leaves %s alone', (_label, error) => {
    expect(unavailability(error)).toBeNull();
  });
});
