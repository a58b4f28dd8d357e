import { ApiError } from '../http/api-error';

export const invalidIdempotencyKey = () =>
  new ApiError(400, ['idempotency-key: must be 1 to 255 printable ASCII characters, not only spaces']);

export const idempotencyKeyReused = () =>
  new ApiError(422, 'idempotency-key was already used with a different request', 'IDEMPOTENCY_KEY_REUSED');

export const requestInProgress = () =>
  new ApiError(409, 'A request with this idempotency-key is still in progress; retry later', 'REQUEST_IN_PROGRESS', {
    'Retry-After': '1',
  });
