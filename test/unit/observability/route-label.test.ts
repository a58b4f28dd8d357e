import { routeLabel, UNMATCHED_ROUTE } from '../../../src/observability/http-metrics';

describe('routeLabel', () => {
  it('is the route template Express matched, never the path with its ids', () => {
    expect(routeLabel({ route: { path: '/v2/payments/:order_id/status' }, baseUrl: '' })).toBe(
      '/v2/payments/:order_id/status',
    );
  });

  it('keeps the mount point of a router', () => {
    expect(routeLabel({ route: { path: '/:id' }, baseUrl: '/v2/stores' })).toBe('/v2/stores/:id');
  });

  it('is one label for every request no route matched', () => {
    expect(routeLabel({ route: undefined, baseUrl: '' })).toBe(UNMATCHED_ROUTE);
  });
});
