import { distinctFreePorts, freePortIn } from '../../../src/infra/free-port';

const probes = (...ports: number[]) => {
  const queue = [...ports];
  return jest.fn(async () => {
    const next = queue.shift();
    if (next === undefined) throw new Error('no more ports');
    return next;
  });
};

describe('distinctFreePorts', () => {
  it('asks again when the kernel hands out a port twice or one already taken', async () => {
    const probe = probes(5000, 5000, 7233, 5001, 5002);
    await expect(distinctFreePorts(3, [7233], probe)).resolves.toEqual([5000, 5001, 5002]);
    expect(probe).toHaveBeenCalledTimes(5);
  });

  it('gives up rather than loop forever', async () => {
    await expect(distinctFreePorts(2, [], async () => 5000)).rejects.toThrow(/2 distinct free ports/);
  });
});

describe('freePortIn', () => {
  it('finds a free port inside the range', async () => {
    const port = await freePortIn(20000, 20100);
    expect(port).toBeGreaterThanOrEqual(20000);
    expect(port).toBeLessThanOrEqual(20100);
  });
});
