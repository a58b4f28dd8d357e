import { MovementClient } from '../http/movement-client';
import type { MovementRail } from '../movement-rail';
import type { RailHttpClient } from '../http/rail-http-client';
import type {
  MovementOutcome,
  MovementStatus,
  QrDestination,
  PayoutRequest,
  QrAcquirerPort,
  QrMerchant,
  RefundRequest,
} from '../rails.port';
import { toQrMerchant } from './acquirer.mapper';
import {
  ACQUIRER_MOVEMENTS,
  ACQUIRER_PATHS,
  AcquirerMovement,
  AcquirerPayoutRequest,
  AcquirerStatusWord,
  merchantSchema,
} from './acquirer.wire';

/** The QR acquirer: who is behind a merchant-presented QR, and payouts to it and their refunds. */
export class AcquirerAdapter implements QrAcquirerPort, MovementRail<QrDestination, PayoutRequest> {
  private readonly movements: MovementClient<AcquirerStatusWord, AcquirerMovement>;

  constructor(private readonly http: RailHttpClient) {
    this.movements = new MovementClient(http, ACQUIRER_MOVEMENTS);
  }

  async resolveQrMerchant({ qr }: { qr: string }): Promise<QrMerchant> {
    return toQrMerchant(await this.http.post('resolve_merchant', ACQUIRER_PATHS.merchants, { qr }, merchantSchema));
  }

  payout(request: PayoutRequest, destination: QrDestination): Promise<MovementOutcome> {
    const body: AcquirerPayoutRequest = {
      payoutId: request.payoutId,
      orderId: request.orderId,
      country: request.country,
      currency: request.currency,
      amount: request.amount,
      qr: destination.qr,
    };
    return this.movements.send('payout', ACQUIRER_PATHS.payouts, body, request.payoutId);
  }

  payoutStatus(payoutId: string): Promise<MovementStatus> {
    return this.movements.status('payout', ACQUIRER_PATHS.payouts, payoutId);
  }

  refund(request: RefundRequest): Promise<MovementOutcome> {
    return this.movements.send('refund', ACQUIRER_PATHS.refunds, request, request.refundId);
  }

  refundStatus(refundId: string): Promise<MovementStatus> {
    return this.movements.status('refund', ACQUIRER_PATHS.refunds, refundId);
  }
}
