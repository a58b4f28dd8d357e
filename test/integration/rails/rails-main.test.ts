import { runRailsSimulator } from '../../../sim/rails/run';

describe('runRailsSimulator', () => {
  const saved = process.env.RAILS_FAULT_DOWN;
  afterEach(() => {
    jest.restoreAllMocks();
    if (saved === undefined) delete process.env.RAILS_FAULT_DOWN;
    else process.env.RAILS_FAULT_DOWN = saved;
  });

  async function start(): Promise<{ port: number; close(): Promise<void> }> {
    const lines: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const running = await runRailsSimulator(0);
    jest.restoreAllMocks();
    expect(lines).toHaveLength(1);
    const logged = JSON.parse(lines[0]!) as { port: number; msg: string };
    expect(logged.port).toBeGreaterThan(0);
    return { port: logged.port, close: running.close };
  }

  it('logs one JSON line with the port it actually listens on', async () => {
    delete process.env.RAILS_FAULT_DOWN;
    const running = await start();
    try {
      const response = await fetch(`http://127.0.0.1:${running.port}/health`);
      expect(await response.json()).toEqual({ status: 'ok' });
    } finally {
      await running.close();
    }
  });

  it('reads RAILS_FAULT_DOWN at start', async () => {
    process.env.RAILS_FAULT_DOWN = 'true';
    const running = await start();
    try {
      expect((await fetch(`http://127.0.0.1:${running.port}/health`)).status).toBe(503);
    } finally {
      await running.close();
    }
  });
});
