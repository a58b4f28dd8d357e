import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { Component, Cut, LINK_RANGE, linksOf, NAMESPACE_PREFIX, NetworkLayout, ownerOf } from './network-layout';

const run = promisify(execFile);

/** `ip ARGS` in `namespace` (null: the root namespace); its error says what failed. */
async function ip(namespace: string | null, ...args: string[]): Promise<string> {
  const full = namespace === null ? args : ['-n', namespace, ...args];
  try {
    return (await run('ip', full)).stdout;
  } catch (error) {
    const { stderr } = error as { stderr?: string };
    throw new Error(`ip ${full.join(' ')} failed: ${(stderr || String(error)).trim()}`, { cause: error });
  }
}

function ipSync(...args: string[]): void {
  try {
    execFileSync('ip', args, { stdio: 'ignore' });
  } catch {
    // Already gone.
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Why this machine cannot make the partitions plan's network, or null when it can: it tries a
 * network namespace with a veth pair inside, as the plan needs (root, or CAP_NET_ADMIN and
 * CAP_SYS_ADMIN, and iproute2's `ip`). Synchronous, so a test can name its skip with the reason.
 */
export function networkNamespacesUnavailable(): string | null {
  const probe = `${NAMESPACE_PREFIX}${process.pid}-probe`;
  const attempt = (...args: string[]): string | null => {
    try {
      execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
      return null;
    } catch (error) {
      const { code, stderr } = error as NodeJS.ErrnoException & { stderr?: Buffer };
      return code === 'ENOENT'
        ? "iproute2's `ip` command was not found"
        : `\`ip ${args.join(' ')}\` failed: ${String(stderr ?? error).trim()}`;
    }
  };
  const noNamespace = attempt('netns', 'add', probe);
  if (noNamespace) return `network namespaces cannot be made here (${noNamespace})`;
  try {
    const noVeth = attempt('-n', probe, 'link', 'add', 'probe0', 'type', 'veth', 'peer', 'name', 'probe1');
    return noVeth ? `veth pairs cannot be made here (${noVeth})` : null;
  } finally {
    ipSync('netns', 'del', probe);
  }
}

/**
 * The partitions plan's network made real with iproute2: its namespaces, links, addresses and
 * routes. `cut` takes the server's end of each link of a cut down, a silent black hole (no RST,
 * no FIN: the peer's packets go nowhere), `heal` brings them up. Everything is removed by
 * `destroy`, also when this process exits without calling it; a run first removes what older
 * runs whose process is gone left behind.
 */
export class Network {
  private destroyed = false;
  private readonly destroyOnExit = () => this.destroySync();

  private constructor(readonly layout: NetworkLayout) {}

  static async create(layout: NetworkLayout, say: (message: string) => void): Promise<Network> {
    await removeLeftovers(say);
    await assertRangeUnused();
    const network = new Network(layout);
    process.once('exit', network.destroyOnExit);
    try {
      await network.build();
    } catch (error) {
      await network.destroy();
      throw error;
    }
    return network;
  }

  /** The command that runs a process inside `component`'s namespace. */
  wrapper(component: Component): string[] {
    return ['ip', 'netns', 'exec', this.layout.namespaces[component]!];
  }

  async cut(cut: Cut): Promise<void> {
    for (const { server } of linksOf(this.layout, cut))
      await ip(server.namespace, 'link', 'set', server.ifname, 'down');
  }

  async heal(cut: Cut): Promise<void> {
    for (const { server } of linksOf(this.layout, cut)) await ip(server.namespace, 'link', 'set', server.ifname, 'up');
  }

  /** Call once every process inside has stopped: a namespace with a process in it outlives its deletion. */
  async destroy(): Promise<void> {
    process.off('exit', this.destroyOnExit);
    this.destroySync();
  }

  private destroySync(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    // Deleting one end of a veth pair deletes the other; the root namespace's ends go first, in case a namespace lingers.
    for (const link of this.layout.links)
      for (const end of [link.client, link.server]) if (end.namespace === null) ipSync('link', 'del', end.ifname);
    ipSync('link', 'del', this.layout.receiver.ifname);
    for (const namespace of [...Object.values(this.layout.namespaces), this.layout.receiver.peerNamespace])
      ipSync('netns', 'del', namespace!);
  }

  private async build(): Promise<void> {
    for (const namespace of Object.values(this.layout.namespaces)) {
      await ip(null, 'netns', 'add', namespace!);
      await ip(namespace!, 'link', 'set', 'lo', 'up');
    }
    for (const { client, server } of this.layout.links) {
      const place = (namespace: string | null) => (namespace === null ? [] : ['netns', namespace]);
      await ip(
        null,
        'link',
        'add',
        client.ifname,
        ...place(client.namespace),
        'type',
        'veth',
        'peer',
        'name',
        server.ifname,
        ...place(server.namespace),
      );
      for (const end of [client, server]) {
        await ip(end.namespace, 'addr', 'add', `${end.address}/30`, 'dev', end.ifname);
        await ip(end.namespace, 'link', 'set', end.ifname, 'up');
      }
    }
    const { receiver } = this.layout;
    await ip(null, 'netns', 'add', receiver.peerNamespace);
    await ip(
      null,
      'link',
      'add',
      receiver.ifname,
      'type',
      'veth',
      'peer',
      'name',
      'rx0',
      'netns',
      receiver.peerNamespace,
    );
    await ip(receiver.peerNamespace, 'link', 'set', 'rx0', 'up');
    await ip(null, 'addr', 'add', `${receiver.address}/32`, 'dev', receiver.ifname);
    await ip(null, 'link', 'set', receiver.ifname, 'up');
    for (const route of this.layout.routes)
      await ip(route.namespace, 'route', 'add', `${route.to}/32`, 'via', route.via);
  }
}

/** Namespaces and root-namespace interfaces of ours whose run is gone (a SIGKILLed chaos run): their processes are killed, they are deleted. */
async function removeLeftovers(say: (message: string) => void): Promise<void> {
  const namespaces = (await ip(null, 'netns', 'list'))
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => name.startsWith(NAMESPACE_PREFIX));
  const interfaces = (await ip(null, '-o', 'link', 'show'))
    .split('\n')
    .map((line) => /^\d+: ([^:@]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined && ownerOf(name) !== null);
  const stale = (name: string) => !alive(ownerOf(name)!);
  for (const namespace of namespaces.filter(stale)) {
    const pids = (await ip(null, 'netns', 'pids', namespace).catch(() => '')).split('\n').filter(Boolean).map(Number);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await ip(null, 'netns', 'del', namespace).catch(() => undefined);
    say(
      `removed the network namespace ${namespace} an earlier run left behind${pids.length ? ` (and its ${pids.length} processes)` : ''}`,
    );
  }
  for (const name of interfaces.filter(stale)) await ip(null, 'link', 'del', name).catch(() => undefined);
}

/** The links' range must be nobody's here, or a cut could reach a real network. */
async function assertRangeUnused(): Promise<void> {
  const routes = await ip(null, 'route', 'show', 'match', LINK_RANGE);
  const addresses = (await ip(null, '-o', '-4', 'addr', 'show'))
    .split('\n')
    .filter((line) => / inet 198\.1[89]\./.test(line));
  const taken = [...routes.split('\n').filter((line) => line.trim() && !line.startsWith('default')), ...addresses];
  if (taken.length > 0)
    throw new Error(
      `the partitions plan's links use ${LINK_RANGE}, which this machine already routes or uses:\n  ${taken.join('\n  ')}`,
    );
}
