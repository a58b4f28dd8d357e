import { randomInt } from 'node:crypto';
import { createServer } from 'node:net';

/** Asks the kernel for a free loopback port, so parallel test runs never collide. */
export function freePort(): Promise<number> {
  return listenOnce(0);
}

/**
 * A free loopback port in [min, max], tried at random. For servers that store a port where the
 * kernel's own picks (32768 and up on Linux) do not fit, like Temporal's membership table.
 */
export async function freePortIn(min: number, max: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = await listenOnce(randomInt(min, max + 1)).catch(() => null);
    if (port !== null) return port;
  }
  throw new Error(`no free port between ${min} and ${max}`);
}

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * `count` free ports, distinct from each other and from `taken`. Each probe's port is released
 * before the next probe, so the same one may come back twice; those are asked again.
 */
export async function distinctFreePorts(
  count: number,
  taken: readonly number[],
  probe: () => Promise<number>,
): Promise<number[]> {
  const chosen = new Set<number>();
  for (let attempts = 0; chosen.size < count; attempts++) {
    if (attempts >= count * 20) throw new Error(`could not find ${count} distinct free ports`);
    const port = await probe();
    if (!taken.includes(port)) chosen.add(port);
  }
  return [...chosen];
}
