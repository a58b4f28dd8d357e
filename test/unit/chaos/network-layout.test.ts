import {
  CUTS,
  EDGE,
  linkBetween,
  linksOf,
  namespaceName,
  networkLayout,
  ownerOf,
} from '../../../scripts/chaos/network-layout';

const toNumber = (address: string) => address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
const inRange = (address: string) =>
  toNumber(address) >= toNumber('198.18.0.0') && toNumber(address) <= toNumber('198.19.255.255');

describe('the partitions network, on paper', () => {
  const owner = 4_194_303; // the largest pid Linux hands out: the longest names
  const layout = networkLayout(owner, 2, 2);

  it('gives every client↔server path a link of its own', () => {
    const paths = layout.links.map((link) => `${link.client.component}→${link.server.component}`);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.sort()).toEqual(
      [
        ...['api-1', 'api-2', 'worker-1', 'worker-2'].flatMap((client) =>
          ['postgres', 'temporal', 'rails'].map((server) => `${client}→${server}`),
        ),
        'worker-1→edge',
        'worker-2→edge',
        'edge→api-1',
        'edge→api-2',
        'edge→postgres',
        'edge→temporal',
        'edge→rails',
        'temporal→postgres',
      ].sort(),
    );
  });

  it('puts each component in a namespace of its own named for the run, and the edge in the root namespace', () => {
    for (const link of layout.links) {
      for (const end of [link.client, link.server]) {
        expect(end.namespace).toBe(end.component === EDGE ? null : namespaceName(owner, end.component));
        if (end.namespace) expect(ownerOf(end.namespace)).toBe(owner);
      }
    }
    expect(Object.keys(layout.namespaces).sort()).toEqual([
      'api-1',
      'api-2',
      'postgres',
      'rails',
      'temporal',
      'worker-1',
      'worker-2',
    ]);
  });

  it('uses distinct addresses of the benchmarking range only, the two ends of a link in one /30', () => {
    const addresses = layout.links.flatMap((link) => [link.client.address, link.server.address]);
    expect(new Set([...addresses, layout.receiver.address]).size).toBe(addresses.length + 1);
    for (const address of [...addresses, layout.receiver.address]) expect(inRange(address)).toBe(true);
    for (const { client, server } of layout.links)
      expect(Math.floor(toNumber(client.address) / 4)).toBe(Math.floor(toNumber(server.address) / 4));
  });

  it("names interfaces within the kernel's 15 characters, after the run", () => {
    const names = [...layout.links.flatMap((link) => [link.client.ifname, link.server.ifname]), layout.receiver.ifname];
    for (const name of names) expect(name.length).toBeLessThanOrEqual(15);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(ownerOf(name)).toBe(owner);
    expect(ownerOf('eth0')).toBeNull();
    expect(ownerOf('cbpchaos-12-')).toBe(12);
  });

  it('routes every worker to the receiver over its own link to the edge', () => {
    expect(layout.routes).toEqual(
      ['worker-1', 'worker-2'].map((worker) => ({
        namespace: namespaceName(owner, worker as 'worker-1'),
        to: layout.receiver.address,
        via: linkBetween(layout, worker as 'worker-1', EDGE).server.address,
      })),
    );
  });

  it('cuts one kind of path for every replica of that kind, and PostgreSQL from everything', () => {
    const cut = (name: (typeof CUTS)[number]) =>
      linksOf(layout, name).map((link) => `${link.client.component}→${link.server.component}`);
    expect(cut('worker↔postgres')).toEqual(['worker-1→postgres', 'worker-2→postgres']);
    expect(cut('worker↔rails')).toEqual(['worker-1→rails', 'worker-2→rails']);
    expect(cut('api↔temporal')).toEqual(['api-1→temporal', 'api-2→temporal']);
    expect(cut('postgres↔everything').sort()).toEqual([
      'api-1→postgres',
      'api-2→postgres',
      'edge→postgres',
      'temporal→postgres',
      'worker-1→postgres',
      'worker-2→postgres',
    ]);
  });

  it('has no link between two components that do not talk', () => {
    expect(() => linkBetween(layout, 'api-1', 'worker-1')).toThrow('no link from api-1 to worker-1');
  });
});
