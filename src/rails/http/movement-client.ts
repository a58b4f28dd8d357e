import type { z } from 'zod';
import { MovementVocabulary, outcomeFrom, RailAnswer, statusFrom } from '../movement-vocabulary';
import type { MovementOutcome, MovementStatus } from '../rail-terms';
import { movementOutcome, RailHttpClient } from './rail-http-client';

/** How one rail speaks about money it moves: its status words, its answer shape, and how to read it. */
export interface MovementWire<S extends string, A> {
  vocabulary: MovementVocabulary<S>;
  /** The answer to a request and to a status inquiry alike. */
  answer: z.ZodType<A>;
  read(answer: A): RailAnswer<S>;
  /** The inverse of read, for the simulator that plays this rail. */
  write(answer: RailAnswer<S>): A;
}

/** Which kind of movement a call is about: its operation label is this, or this + `_status`. */
export type MovementKind = 'payout' | 'refund';

/**
 * Payouts and refunds on one rail: POST `collection` to move money under an id the rail
 * de-duplicates on, GET `collection/{id}` to ask what became of it.
 */
export class MovementClient<S extends string, A> {
  constructor(
    private readonly http: RailHttpClient,
    private readonly wire: MovementWire<S, A>,
  ) {}

  send(kind: MovementKind, collection: string, body: unknown, id: string): Promise<MovementOutcome> {
    return movementOutcome(async () =>
      outcomeFrom(
        this.wire.vocabulary,
        this.wire.read(await this.http.post(kind, collection, body, this.wire.answer)),
        id,
      ),
    );
  }

  async status(kind: MovementKind, collection: string, id: string): Promise<MovementStatus> {
    const answer = await this.http.get(`${kind}_status`, `${collection}/${encodeURIComponent(id)}`, this.wire.answer);
    return statusFrom(this.wire.vocabulary, this.wire.read(answer));
  }
}
