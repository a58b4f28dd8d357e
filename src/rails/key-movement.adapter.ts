import { MovementClient, MovementWire } from './http/movement-client';
import type { RailHttpClient } from './http/rail-http-client';
import type { KeyRail } from './key-rail';
import type {
  DirectoryAnswer,
  KeyDestination,
  MovementOutcome,
  MovementStatus,
  RailPayout,
  RefundRequest,
} from './rail-terms';

/** Where a key rail takes payouts and refunds: POST to the collection, GET `collection/{id}`. */
export interface MovementCollections {
  payouts: string;
  refunds: string;
}

/**
 * The half of a key rail that every rail does alike: payouts and refunds sent to a collection
 * under an id the rail de-duplicates on, and asked after by that id. A rail's adapter says where
 * its collections are and what its request bodies hold, in its own words, and adds its directory.
 */
export abstract class KeyMovementAdapter<S extends string, A> implements KeyRail {
  private readonly movements: MovementClient<S, A>;

  protected constructor(
    protected readonly http: RailHttpClient,
    wire: MovementWire<S, A>,
    private readonly collections: MovementCollections,
  ) {
    this.movements = new MovementClient(http, wire);
  }

  abstract lookupKey(key: string): Promise<DirectoryAnswer>;

  /** The rail's body for a payout to `destination`. */
  protected abstract payoutBody(request: RailPayout, destination: KeyDestination): unknown;

  /** The rail's body for returning part or all of a payout. */
  protected abstract refundBody(request: RefundRequest): unknown;

  payout(request: RailPayout, destination: KeyDestination): Promise<MovementOutcome> {
    const body = this.payoutBody(request, destination);
    return this.movements.send('payout', this.collections.payouts, body, request.payoutId);
  }

  payoutStatus(payoutId: string): Promise<MovementStatus> {
    return this.movements.status('payout', this.collections.payouts, payoutId);
  }

  refund(request: RefundRequest): Promise<MovementOutcome> {
    return this.movements.send('refund', this.collections.refunds, this.refundBody(request), request.refundId);
  }

  refundStatus(refundId: string): Promise<MovementStatus> {
    return this.movements.status('refund', this.collections.refunds, refundId);
  }
}
