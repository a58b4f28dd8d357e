import { onStopSignal } from '../../../src/processes/stop-signals';

describe('onStopSignal', () => {
  it('stops on the first SIGTERM or SIGINT and only tells of the ones after it', () => {
    const listeners = () => process.listenerCount('SIGTERM') + process.listenerCount('SIGINT');
    const before = listeners();
    const seen: string[] = [];
    const off = onStopSignal(
      (signal) => seen.push(`stop ${signal}`),
      (signal) => seen.push(`again ${signal}`),
    );
    try {
      process.emit('SIGINT', 'SIGINT');
      process.emit('SIGTERM', 'SIGTERM');
      process.emit('SIGINT', 'SIGINT');
    } finally {
      off();
    }
    expect(seen).toEqual(['stop SIGINT', 'again SIGTERM', 'again SIGINT']);
    expect(listeners()).toBe(before);
  });
});
