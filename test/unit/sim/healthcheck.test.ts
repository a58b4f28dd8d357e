import { railsProbeUrl } from '../../../sim/healthcheck';

describe("the sandbox image's health check", () => {
  it("asks the simulator's /health where it listens: its defaults, its port and address, a wildcard on loopback", () => {
    expect(railsProbeUrl({})).toBe('http://127.0.0.1:4010/health');
    expect(railsProbeUrl({ RAILS_PORT: '4011', RAILS_HOST: '::1' })).toBe('http://[::1]:4011/health');
    expect(railsProbeUrl({ RAILS_HOST: '0.0.0.0' })).toBe('http://127.0.0.1:4010/health');
    expect(() => railsProbeUrl({ RAILS_PORT: 'eighty' })).toThrow(/RAILS_PORT/);
  });
});
