import fc from 'fast-check';
import { isPublicAddress } from '../../../src/notifications/public-address';

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '2001:200::1', // just past the IETF protocol block 2001::/23
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::808:808', // NAT64 of a public address, as a DNS64 resolver answers
    '2002:808:808::1', // 6to4 of a public address
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.100.100.200', 'carrier-grade NAT (a cloud metadata service)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local metadata service'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.170', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['198.51.100.1', 'documentation'],
    ['203.0.113.1', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated)'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped metadata service'],
    ['::ffff:0:a9fe:a9fe', 'IPv4-translated'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata service'],
    ['64:ff9b::127.0.0.1', 'NAT64 of loopback'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['2002:a9fe:a9fe::1', '6to4 of the metadata service'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'SRv6 SIDs'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['fec0::1', 'site-local (deprecated)'],
    ['feff::1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'global multicast'],
    ['localhost', 'not an address'],
    ['example.com', 'not an address'],
    ['', 'not an address'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it('judges every IPv4-mapped, NAT64 and 6to4 form exactly as the IPv4 address it carries', () => {
    fc.assert(
      fc.property(fc.ipV4(), (ipv4) => {
        const [a, b, c, d] = ipv4.split('.').map(Number) as [number, number, number, number];
        const high = ((a << 8) | b).toString(16);
        const low = ((c << 8) | d).toString(16);
        const expected = isPublicAddress(ipv4);
        for (const form of [
          `::ffff:${ipv4}`,
          `::ffff:${high}:${low}`,
          `64:ff9b::${ipv4}`,
          `64:ff9b::${high}:${low}`,
          `2002:${high}:${low}::1`,
        ]) {
          expect([form, isPublicAddress(form)]).toEqual([form, expected]);
        }
      }),
    );
  });

  it('refuses every address outside 2000::/3 that carries no IPv4 address', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ipv6) => {
        const first = parseInt(ipv6.split(':')[0] || '0', 16);
        fc.pre(first < 0x2000 || first > 0x3fff);
        fc.pre(!/^(::ffff:|0:0:0:0:0:ffff:|64:ff9b::|64:ff9b:0:0:0:0:)/i.test(ipv6));
        expect(isPublicAddress(ipv6)).toBe(false);
      }),
    );
  });
});
