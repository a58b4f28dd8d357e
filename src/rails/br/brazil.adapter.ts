import { KeyMovementAdapter } from '../key-movement.adapter';
import type { RailHttpClient } from '../http/rail-http-client';
import { holderLookup } from '../phone-wallets';
import type { DirectoryAnswer, KeyDestination, RailPayout, RefundRequest } from '../rail-terms';
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
export class BrazilPixAdapter extends KeyMovementAdapter<SpiStatusWord, SpiStatus> {
  constructor(http: RailHttpClient) {
    super(http, SPI_MOVEMENTS, { payouts: BRAZIL_PATHS.payments, refunds: BRAZIL_PATHS.returns });
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

  protected payoutBody(request: RailPayout, destination: KeyDestination): SpiPaymentRequest {
    return {
      idempotencyKey: request.payoutId,
      orderId: request.orderId,
      amount: request.amount,
      currency: 'BRL',
      creditorKey: destination.key,
      ...(destination.walletId === undefined ? {} : { creditorWalletId: destination.walletId }),
    };
  }

  protected refundBody(request: RefundRequest): SpiReturnRequest {
    return {
      idempotencyKey: request.refundId,
      orderId: request.orderId,
      originalEndToEndId: request.payoutReference,
      amount: request.amount,
      currency: 'BRL',
    };
  }
}
