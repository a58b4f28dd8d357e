import { mapWireStatus } from '../../../src/rails/rails-status.mapper';

describe('mapWireStatus', () => {
  it.each([200, 201])('%i is a success', (status) => {
    expect(mapWireStatus(status)).toEqual({ kind: 'ok' });
  });

  it('404 is declined as KEY_NOT_FOUND only when the rail says so', () => {
    expect(mapWireStatus(404, 'KEY_NOT_FOUND')).toEqual({ kind: 'declined', code: 'KEY_NOT_FOUND' });
  });

  it.each([undefined, 'ROUTE_NOT_FOUND'])(
    '404 with body code %s (a wrong path, a proxy) is unavailable, so it is retried',
    (code) => {
      expect(mapWireStatus(404, code).kind).toBe('unavailable');
    },
  );

  it.each([
    [400, 'INVALID_REQUEST'],
    [409, 'IDEMPOTENCY_CONFLICT'],
  ] as const)('%i is declined as %s whatever the body says', (status, code) => {
    expect(mapWireStatus(status, 'WALLET_NOT_FOUND')).toEqual({ kind: 'declined', code });
  });

  it('422 keeps a known code from the body', () => {
    expect(mapWireStatus(422, 'WALLET_NOT_FOUND')).toEqual({ kind: 'declined', code: 'WALLET_NOT_FOUND' });
  });

  it('422 with an unknown or missing code is still declined, never retried', () => {
    expect(mapWireStatus(422, 'SOMETHING_NEW')).toEqual({ kind: 'declined', code: 'UNPROCESSABLE' });
    expect(mapWireStatus(422)).toEqual({ kind: 'declined', code: 'UNPROCESSABLE' });
  });

  it.each([429, 500, 502, 503, 504, 599])('%i is unavailable and names the status', (status) => {
    const outcome = mapWireStatus(status);
    expect(outcome.kind).toBe('unavailable');
    expect(outcome.kind === 'unavailable' && outcome.reason).toContain(String(status));
  });

  it.each([202, 204, 301, 401, 403, 405, 418, 600])(
    'unlisted %i is unavailable with the status in the reason',
    (status) => {
      expect(mapWireStatus(status)).toEqual({ kind: 'unavailable', reason: `unexpected status ${status}` });
    },
  );
});
