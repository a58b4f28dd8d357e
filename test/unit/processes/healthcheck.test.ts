import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { healthcheck, probeUrls } from '../../../src/healthcheck';

describe("the image's health check", () => {
  describe('asks', () => {
    it("each role's own port, with the defaults the processes have", () => {
      expect(probeUrls([], {})).toEqual({
        urls: ['http://127.0.0.1:3000/health', 'http://127.0.0.1:9465/health', 'http://127.0.0.1:8888/health'],
      });
      expect(probeUrls(['worker', '/ready'], {})).toEqual({ urls: ['http://127.0.0.1:9465/ready'] });
    });

    it('the ports and addresses the environment gives the processes; a wildcard listener on loopback', () => {
      const env = {
        PORT: '8080',
        WORKER_METRICS_PORT: '9999',
        METRICS_HOST: '0.0.0.0',
        CODEC_SERVER_PORT: '8889',
        CODEC_SERVER_HOST: '0.0.0.0',
      };
      expect(probeUrls([], env)).toEqual({
        urls: ['http://127.0.0.1:8080/health', 'http://127.0.0.1:9999/health', 'http://127.0.0.1:8889/health'],
      });
      expect(probeUrls(['worker'], { METRICS_HOST: '10.0.0.7' })).toEqual({ urls: ['http://10.0.0.7:9465/health'] });
    });

    it('nothing for an unknown role or path, or a port the process would refuse too', () => {
      expect(probeUrls(['everything'], {})).toMatchObject({
        exitCode: 2,
        refused: expect.stringContaining('usage: healthcheck.js [<api|worker|codec-server> [/health|/ready]]'),
      });
      expect(probeUrls(['api', '/metrics'], {})).toMatchObject({ exitCode: 2 });
      expect(probeUrls(['api'], { PORT: 'eighty' })).toMatchObject({
        exitCode: 1,
        refused: expect.stringContaining('PORT'),
      });
    });
  });

  describe('answers', () => {
    let server: Server;
    let port: number;
    let status = 200;
    beforeAll(async () => {
      server = createServer((request, response) => response.writeHead(request.url === '/ready' ? status : 200).end());
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise((resolve) => server.close(resolve)));

    const run = async (args: string[], env: NodeJS.ProcessEnv) => {
      const lines: string[] = [];
      const code = await healthcheck(args, env, (line) => lines.push(line));
      return { code, lines };
    };

    it("0 when the role's probe answers 200, 1 when it answers otherwise, saying what it got", async () => {
      status = 200;
      expect(await run(['api', '/ready'], { PORT: String(port) })).toEqual({
        code: 0,
        lines: [`http://127.0.0.1:${port}/ready: 200`],
      });
      status = 503;
      expect(await run(['api', '/ready'], { PORT: String(port) })).toEqual({
        code: 1,
        lines: [`http://127.0.0.1:${port}/ready: 503`],
      });
    });

    it('without a role, 0 when one of the ports answers, the others being closed', async () => {
      const closed = await new Promise<number>((resolve) => {
        const probe = createServer().listen(0, '127.0.0.1', () => {
          const free = (probe.address() as AddressInfo).port;
          probe.close(() => resolve(free));
        });
      });
      const result = await run([], {
        PORT: String(closed),
        WORKER_METRICS_PORT: String(port),
        CODEC_SERVER_PORT: String(closed),
      });
      expect(result.code).toBe(0);
      expect(result.lines).toEqual([
        `http://127.0.0.1:${closed}/health: ECONNREFUSED`,
        `http://127.0.0.1:${port}/health: 200`,
        `http://127.0.0.1:${closed}/health: ECONNREFUSED`,
      ]);
      expect((await run(['api'], { PORT: String(closed) })).code).toBe(1);
    });
  });
});
