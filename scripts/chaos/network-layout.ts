/**
 * The partitions plan's network, on paper: a network namespace per component, and one
 * point-to-point veth link per client↔server path, so that taking one end of a link down cuts
 * exactly that path, silently. Pure, so its promises (every path its own link, addresses
 * distinct and inside the benchmarking range, names that fit the kernel's 15 characters) are
 * unit-tested; scripts/chaos/network.ts makes it real.
 */

/** Where the chaos process itself runs (the driver, the balancer, the callback receiver, the audit): the root namespace. */
export const EDGE = 'edge';

export type Server = 'postgres' | 'temporal' | 'rails';
export type Component = Server | `api-${number}` | `worker-${number}` | typeof EDGE;

export interface LinkEnd {
  component: Component;
  /** null: the root namespace (the edge). */
  namespace: string | null;
  ifname: string;
  address: string;
}

/** One path: the client's end and the server's, each in its component's namespace. */
export interface Link {
  client: LinkEnd;
  server: LinkEnd;
}

export interface NetworkLayout {
  /** The namespace of every component but the edge. */
  namespaces: Partial<Record<Component, string>>;
  links: Link[];
  /**
   * Where the callback receiver listens, in the root namespace: one URL every worker reaches
   * over its own link. The address sits on the root end of a veth pair of its own, whose other
   * end waits in a namespace of its own (`peerNamespace`), unused.
   */
  receiver: { ifname: string; address: string; peerNamespace: string };
  /** Routes to the receiver: in `namespace`, via the edge's address on that worker's link. */
  routes: Array<{ namespace: string; to: string; via: string }>;
}

/**
 * RFC 2544's benchmarking range, 198.18.0.0/15: never routed on the internet nor, in practice,
 * used by a data centre; every link takes a /30 of it, and the receiver 198.19.255.254.
 */
export const LINK_RANGE = '198.18.0.0/15';
const LINK_BASE = (198 << 24) | (18 << 16);
const RECEIVER_ADDRESS = '198.19.255.254';

/** Namespaces this command made: `cbpchaos-<pid>-<component>`; the pid names the run, so an old run's leftovers are known. */
export const NAMESPACE_PREFIX = 'cbpchaos-';
/** Interfaces in the root namespace: `cbp<pid in base 36>-<link><end>` (at most 15 characters). */
export const INTERFACE_PREFIX = 'cbp';

const dotted = (value: number) => [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');

export const namespaceName = (owner: number, component: Component) => `${NAMESPACE_PREFIX}${owner}-${component}`;
const interfaceTag = (owner: number) => `${INTERFACE_PREFIX}${owner.toString(36)}-`;

/** The pid whose run made `name` (a namespace or a root-namespace interface of ours), or null when it is not ours. */
export function ownerOf(name: string): number | null {
  const namespace = new RegExp(`^${NAMESPACE_PREFIX}(\\d+)-`).exec(name);
  if (namespace) return Number(namespace[1]);
  const link = new RegExp(`^${INTERFACE_PREFIX}([0-9a-z]+)-(\\d\\d[cs]|rx)$`).exec(name);
  return link ? parseInt(link[1]!, 36) : null;
}

/** The paths of the topology: each worker and API replica to each server, the edge to every replica and server, Temporal to PostgreSQL, each worker to the receiver. */
function paths(apis: number, workers: number): Array<[Component, Component]> {
  const servers: Server[] = ['postgres', 'temporal', 'rails'];
  const apiNames = Array.from({ length: apis }, (_, i): Component => `api-${i + 1}`);
  const workerNames = Array.from({ length: workers }, (_, i): Component => `worker-${i + 1}`);
  return [
    ...workerNames.flatMap((worker): Array<[Component, Component]> => [
      ...servers.map((server): [Component, Component] => [worker, server]),
      [worker, EDGE],
    ]),
    ...apiNames.flatMap((api) => servers.map((server): [Component, Component] => [api, server])),
    ...apiNames.map((api): [Component, Component] => [EDGE, api]),
    ...servers.map((server): [Component, Component] => [EDGE, server]),
    ['temporal', 'postgres'],
  ];
}

export function networkLayout(owner: number, apis: number, workers: number): NetworkLayout {
  const links = paths(apis, workers).map(([client, server], index): Link => {
    const base = LINK_BASE + index * 4;
    const end = (component: Component, side: 'c' | 's', offset: number): LinkEnd => ({
      component,
      namespace: component === EDGE ? null : namespaceName(owner, component),
      ifname: `${interfaceTag(owner)}${String(index).padStart(2, '0')}${side}`,
      address: dotted(base + offset),
    });
    return { client: end(client, 'c', 1), server: end(server, 's', 2) };
  });
  const components = new Set(links.flatMap((link) => [link.client.component, link.server.component]));
  components.delete(EDGE);
  const toReceiver = links.filter((link) => link.server.component === EDGE);
  return {
    namespaces: Object.fromEntries([...components].map((component) => [component, namespaceName(owner, component)])),
    links,
    receiver: {
      ifname: `${interfaceTag(owner)}rx`,
      address: RECEIVER_ADDRESS,
      peerNamespace: `${NAMESPACE_PREFIX}${owner}-receiver`,
    },
    routes: toReceiver.map((link) => ({
      namespace: link.client.namespace!,
      to: RECEIVER_ADDRESS,
      via: link.server.address,
    })),
  };
}

/** The link from `client` to `server`. */
export function linkBetween(layout: NetworkLayout, client: Component, server: Component): Link {
  const link = layout.links.find(
    (candidate) => candidate.client.component === client && candidate.server.component === server,
  );
  if (!link) throw new Error(`no link from ${client} to ${server}`);
  return link;
}

/** The cuts the partitions plan makes: one kind of path at a time (every replica of that kind), or PostgreSQL from everything. */
export const CUTS = [
  'worker↔postgres',
  'worker↔temporal',
  'worker↔rails',
  'api↔postgres',
  'api↔temporal',
  'postgres↔everything',
] as const;
export type Cut = (typeof CUTS)[number];

/** The links a cut takes down (their server's end). */
export function linksOf(layout: NetworkLayout, cut: Cut): Link[] {
  if (cut === 'postgres↔everything') return layout.links.filter((link) => link.server.component === 'postgres');
  const [kind, server] = cut.split('↔') as ['worker' | 'api', Server];
  return layout.links.filter(
    (link) => link.client.component.startsWith(`${kind}-`) && link.server.component === server,
  );
}
