import { MovementClient } from '../http/movement-client';
import type { RailHttpClient } from '../http/rail-http-client';
import type { MovementRail } from '../movement-rail';
import type { AccountHolder, KeyDestination, MovementOutcome, MovementStatus, PayoutRequest, RefundRequest } from '../rails.port';
import { holderFromDictEntry } from './brazil.mapper';
import { BRAZIL_PATHS, dictEntrySchema, SPI_MOVEMENTS, SpiPaymentRequest, SpiReturnRequest, SpiStatus, SpiStatusWord } from './brazil.wire';

/** Pix: the DICT key directory and SPI payments to a key. */
export class BrazilPixAdapter implements MovementRail<KeyDestination> {
  private readonly movements: MovementClient<SpiStatusWord, SpiStatus>;

  constructor(private readonly http: RailHttpClient) {
    this.movements = new MovementClient(http, SPI_MOVEMENTS);
  }

  async lookup(key: string): Promise<AccountHolder> {
    return holderFromDictEntry(await this.http.get('lookup_key', `${BRAZIL_PATHS.entries}/${encodeURIComponent(key)}`, dictEntrySchema));
  }

  payout(request: PayoutRequest, destination: KeyDestination): Promise<MovementOutcome> {
    const body: SpiPaymentRequest = {
      idempotencyKey: request.payoutId,
      orderId: request.orderId,
      amount: request.amount,
      currency: 'BRL',
      creditorKey: destination.key,
      ...(destination.walletId === undefined ? {} : { creditorWalletId: destination.walletId }),
    };
    return this.movements.send('payout', BRAZIL_PATHS.payments, body, request.payoutId);
  }

  payoutStatus(payoutId: string): Promise<MovementStatus> {
    return this.movements.status('payout', BRAZIL_PATHS.payments, payoutId);
  }

  refund(request: RefundRequest): Promise<MovementOutcome> {
    const body: SpiReturnRequest = {
      idempotencyKey: request.refundId,
      orderId: request.orderId,
      originalEndToEndId: request.payoutReference,
      amount: request.amount,
      currency: 'BRL',
    };
    return this.movements.send('refund', BRAZIL_PATHS.returns, body, request.refundId);
  }

  refundStatus(refundId: string): Promise<MovementStatus> {
    return this.movements.status('refund', BRAZIL_PATHS.returns, refundId);
  }
}
