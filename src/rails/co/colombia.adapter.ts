import { KeyMovementAdapter } from '../key-movement.adapter';
import type { RailHttpClient } from '../http/rail-http-client';
import { holderLookup } from '../phone-wallets';
import type { DirectoryAnswer, KeyDestination, RailPayout, RefundRequest } from '../rail-terms';
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
export class ColombiaBrebAdapter extends KeyMovementAdapter<BrebState, BrebMovement> {
  constructor(http: RailHttpClient) {
    super(http, BREB_MOVEMENTS, { payouts: COLOMBIA_PATHS.transfers, refunds: COLOMBIA_PATHS.returns });
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

  protected payoutBody(request: RailPayout, destination: KeyDestination): BrebTransferRequest {
    return {
      idTransferencia: request.payoutId,
      idOrden: request.orderId,
      valor: request.amount,
      moneda: 'COP',
      llave: destination.key,
      ...(destination.walletId === undefined ? {} : { idBilletera: destination.walletId }),
    };
  }

  protected refundBody(request: RefundRequest): BrebReturnRequest {
    return {
      idDevolucion: request.refundId,
      idOrden: request.orderId,
      referenciaOriginal: request.payoutReference,
      valor: request.amount,
      moneda: 'COP',
    };
  }
}
