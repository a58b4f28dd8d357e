import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { isPaymentCurrency } from '../../src/money';
import { KEY_COUNTRIES } from '../../src/rails/countries';
import { FX_RATES_PATH } from '../../src/rails/fx-provider/fx-provider.wire';
import { FORCED_PAYOUT_ANSWERS } from '../../src/sandbox/forced-payout-answers';
import { FaultInjector, NO_FAULTS, faultConfigSchema, type FaultConfig } from './fault-injector';
import { midRate } from './fx-rate.table';
import { readJson, sendJson } from './http-json';
import { KeyDirectoryService } from './key-directory.service';
import { MoneyMovementService } from './money-movement.service';
import { ok, pathOf, Reply, Route } from './route';
import { acquirerRoutes } from './routes/acquirer.routes';
import { SIMULATED_KEY_RAILS } from './simulated-countries';
import { SimulatorHttpError } from './simulator-http.error';

export interface RailsSimulatorOptions {
  /** Changes every generated name, id and reference, and the fault sequence. */
  seed?: string;
  /** Faults active from the start (the process entry reads them from the environment). */
  faults?: FaultConfig;
  /** The clock behind FX as_of; injectable so tests can pin the day. */
  now?: () => Date;
}

export interface RailsSimulator {
  server: Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

function errorReply(error: unknown): Reply {
  return error instanceof SimulatorHttpError
    ? { status: error.status, body: { code: error.code, message: error.message } }
    : { status: 500, body: { code: 'SIMULATOR_BUG', message: String(error) } };
}

export const DEFAULT_SEED = 'rails-sandbox';

const forcedAnswerSchema = z.strictObject({ outcome: z.enum(FORCED_PAYOUT_ANSWERS) });

/**
 * The outside world on one port: each rail under its own path prefix and in its own wire
 * format (the QR acquirer, Brazil's DICT and SPI, Peru's CCE and wallets, Colombia's Bre-B,
 * the FX provider), deterministic for a seed, with fault injection and admin routes.
 */
export function createRailsSimulator(options: RailsSimulatorOptions = {}): RailsSimulator {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? (() => new Date());
  const directory = new KeyDirectoryService(seed);
  const movements = new MoneyMovementService(seed);
  const faults = new FaultInjector(seed, options.faults ?? NO_FAULTS);

  const routes: Route[] = [
    { method: 'GET', path: /^\/health$/, handle: async () => ok({ status: 'ok' }) },
    ...acquirerRoutes(seed, movements),
    ...KEY_COUNTRIES.flatMap((country) => SIMULATED_KEY_RAILS[country](directory, movements)),
    {
      method: 'GET',
      path: pathOf(FX_RATES_PATH, ':base', ':target'),
      handle: async (_request, [base = '', target = '']) => {
        if (!isPaymentCurrency(base) || !isPaymentCurrency(target)) {
          throw new SimulatorHttpError(400, 'INVALID_REQUEST', `unsupported currency pair ${base}/${target}`);
        }
        return ok(midRate(base, target, now()));
      },
    },
    {
      method: 'GET',
      path: /^\/__admin\/payouts$/,
      admin: true,
      handle: async () => ok({ data: movements.payoutSummaries() }),
    },
    {
      method: 'GET',
      path: /^\/__admin\/payouts\/([^/]+)$/,
      admin: true,
      handle: async (_request, [payoutId = '']) => ok({ payoutId, ...movements.payoutSummary(payoutId) }),
    },
    {
      method: 'POST',
      path: /^\/__admin\/payouts\/([^/]+)\/answer$/,
      admin: true,
      handle: async (request, [payoutId = '']) => {
        const { outcome } = await readJson(request, forcedAnswerSchema);
        movements.forcePayoutAnswer(payoutId, outcome);
        return ok({ payoutId, outcome });
      },
    },
    { method: 'GET', path: /^\/__admin\/faults$/, admin: true, handle: async () => ok(faults.current()) },
    {
      method: 'POST',
      path: /^\/__admin\/faults$/,
      admin: true,
      handle: async (request) => {
        faults.replace(await readJson(request, faultConfigSchema));
        return ok(faults.current());
      },
    },
    {
      method: 'DELETE',
      path: /^\/__admin\/faults$/,
      admin: true,
      handle: async () => {
        faults.replace(NO_FAULTS);
        return ok(faults.current());
      },
    },
  ];

  /** Runs the request; `admin` tells whether faults apply to its answer. */
  async function dispatch(request: IncomingMessage): Promise<{ reply: Reply; admin: boolean }> {
    const pathname = new URL(request.url ?? '/', 'http://simulator').pathname;
    const matching = routes.filter((route) => route.path.test(pathname));
    const route = matching.find((candidate) => candidate.method === request.method);
    if (route === undefined) {
      if (matching.length > 0) throw new SimulatorHttpError(405, 'METHOD_NOT_ALLOWED', `${request.method} ${pathname}`);
      throw new SimulatorHttpError(404, 'ROUTE_NOT_FOUND', `no route ${pathname}`);
    }
    const admin = route.admin === true;
    if (!admin) await faults.apply();
    const params = route.path.exec(pathname)?.slice(1).map(decodeURIComponent) ?? [];
    try {
      return { reply: await route.handle(request, params), admin };
    } catch (error) {
      return { reply: errorReply(error), admin };
    }
  }

  // Answers held back by the lose_response fault; closing the simulator drops them.
  const held = new Set<ServerResponse>();

  const server = createServer((request, response) => {
    dispatch(request).then(
      ({ reply, admin }) => {
        if (!admin && faults.losesResponses()) {
          held.add(response);
          response.once('close', () => held.delete(response));
          return;
        }
        sendJson(response, reply.status, reply.body);
      },
      (error: unknown) => {
        const reply = errorReply(error);
        sendJson(response, reply.status, reply.body);
      },
    );
  });

  return {
    server,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve((server.address() as AddressInfo).port);
        });
      }),
    close: () =>
      new Promise((resolve, reject) => {
        for (const response of held) response.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        // Keep-alive sockets from fetch would otherwise hold close() open for seconds.
        server.closeAllConnections();
      }),
  };
}
