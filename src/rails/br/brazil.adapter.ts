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
import { holderFromDictEntry } from './brazil.mapper';
import {
  BRAZIL_PATHS,
  dictEntrySchema,
  PIX_DIRECTORY,
  SPI_MOVEMENTS,
  SpiPaymentRequest,
  SpiReturnRequest,
  SpiStatus,
  SpiStatusWord,
} from './brazil.wire';

/** Pix: the DICT key directory and SPI payments to a key. */
export class BrazilPixAdapter implements KeyRail {
  private readonly movements: MovementClient<SpiStatusWord, SpiStatus>;

  constructor(private readonly http: RailHttpClient) {
    this.movements = new MovementClient(http, SPI_MOVEMENTS);
  }

  /** DICT answers the key's holder; a phone key's one wallet is the holder's account. */
  async lookupKey(key: string): Promise<DirectoryAnswer> {
    const entry = await this.http.get(
      'lookup_key',
      `${BRAZIL_PATHS.entries}/${encodeURIComponent(key)}`,
      dictEntrySchema,
    );
    return holderLookup(PIX_DIRECTORY, key, holderFromDictEntry(entry));
  }

  payout(request: RailPayout, destination: KeyDestination): Promise<MovementOutcome> {
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
