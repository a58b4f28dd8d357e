import { MovementClient } from '../http/movement-client';
import type { RailHttpClient } from '../http/rail-http-client';
import type { KeyRail } from '../key-rail';
import { holderLookup } from '../phone-wallets';
import type {
  DirectoryAnswer,
  KeyDestination,
  MovementOutcome,
  MovementStatus,
  RailPayout,
  RefundRequest,
} from '../rail-terms';
import { holderFromBrebKey } from './colombia.mapper';
import {
  BREB_DIRECTORY,
  BREB_MOVEMENTS,
  BrebMovement,
  BrebReturnRequest,
  BrebState,
  BrebTransferRequest,
  brebKeySchema,
  COLOMBIA_PATHS,
} from './colombia.wire';

/** Colombia's Bre-B: its key directory and transfers to a key. */
export class ColombiaBrebAdapter implements KeyRail {
  private readonly movements: MovementClient<BrebState, BrebMovement>;

  constructor(private readonly http: RailHttpClient) {
    this.movements = new MovementClient(http, BREB_MOVEMENTS);
  }

  /** Bre-B answers the key's holder; a phone key's one wallet is the holder's account. */
  async lookupKey(key: string): Promise<DirectoryAnswer> {
    const answer = await this.http.get(
      'lookup_key',
      `${COLOMBIA_PATHS.keys}/${encodeURIComponent(key)}`,
      brebKeySchema,
    );
    return holderLookup(BREB_DIRECTORY, key, holderFromBrebKey(answer));
  }

  payout(request: RailPayout, destination: KeyDestination): Promise<MovementOutcome> {
    const body: BrebTransferRequest = {
      idTransferencia: request.payoutId,
      idOrden: request.orderId,
      valor: request.amount,
      moneda: 'COP',
      llave: destination.key,
      ...(destination.walletId === undefined ? {} : { idBilletera: destination.walletId }),
    };
    return this.movements.send('payout', COLOMBIA_PATHS.transfers, body, request.payoutId);
  }

  payoutStatus(payoutId: string): Promise<MovementStatus> {
    return this.movements.status('payout', COLOMBIA_PATHS.transfers, payoutId);
  }

  refund(request: RefundRequest): Promise<MovementOutcome> {
    const body: BrebReturnRequest = {
      idDevolucion: request.refundId,
      idOrden: request.orderId,
      referenciaOriginal: request.payoutReference,
      valor: request.amount,
      moneda: 'COP',
    };
    return this.movements.send('refund', COLOMBIA_PATHS.returns, body, request.refundId);
  }

  refundStatus(refundId: string): Promise<MovementStatus> {
    return this.movements.status('refund', COLOMBIA_PATHS.returns, refundId);
  }
}
