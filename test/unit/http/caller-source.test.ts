import { callerSource } from '../../../src/http/caller-source';

describe('callerSource', () => {
  it('counts an IPv4 caller by its address, however the socket wrote it', () => {
    expect(callerSource('192.0.2.7')).toBe('192.0.2.7');
    expect(callerSource('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(callerSource('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('counts an IPv6 caller by its /64, so that one subscriber cannot spread its requests over its own addresses', () => {
    expect(callerSource('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(callerSource('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(callerSource('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(callerSource('::1')).toBe('::/64');
  });

  it('takes anything else a trusted proxy forwarded as written', () => {
    expect(callerSource('unknown')).toBe('unknown');
    expect(callerSource('fe80::1%eth0')).toBe('fe80::1%eth0');
  });
});
