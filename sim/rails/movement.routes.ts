import type { IncomingMessage } from 'node:http';
import type { z } from 'zod';
import type { MovementWire } from '../../src/rails/http/movement-client';
import { wordFor } from '../../src/rails/movement-vocabulary';
import type { MovementStatus } from '../../src/rails/rails.port';
import { readJson } from './http-json';
import type { MoneyMovementService, MovementOrder } from './money-movement.service';
import { ok, pathOf, Route, settled } from './route';

/** One rail's payouts (or refunds): how its requests name the id and the movement's facts. */
export interface MovementRouteSpec<S extends string, A, B> {
  collection: string;
  request: z.ZodType<B>;
  wire: MovementWire<S, A>;
  /** The id the rail de-duplicates on, and the order it stands for. */
  orderOf(body: B): { id: string; order: MovementOrder & { destinationKey?: string; originalReference?: string } };
}

function answer<S extends string, A>(wire: MovementWire<S, A>, { status, railReference, reason }: MovementStatus): A {
  return wire.write({ status: wordFor(wire.vocabulary, status), reference: railReference, reason });
}

/** POST `collection` executes (or replays) a payout or refund; GET `collection/{id}` is the status inquiry. */
export function movementRoutes<S extends string, A, B>(
  kind: 'payout' | 'refund',
  movements: MoneyMovementService,
  spec: MovementRouteSpec<S, A, B>,
): Route[] {
  return [
    {
      method: 'POST',
      path: pathOf(spec.collection),
      handle: async (request: IncomingMessage) => {
        const { id, order } = spec.orderOf(await readJson(request, spec.request));
        const { created, result } =
          kind === 'payout'
            ? await movements.payout(id, order)
            : await movements.refund(id, { ...order, originalReference: order.originalReference ?? '' });
        return settled(created, answer(spec.wire, result));
      },
    },
    {
      method: 'GET',
      path: pathOf(spec.collection, ':id'),
      handle: async (_request, [id = '']) =>
        ok(answer(spec.wire, kind === 'payout' ? movements.payoutStatus(id) : movements.refundStatus(id))),
    },
  ];
}
