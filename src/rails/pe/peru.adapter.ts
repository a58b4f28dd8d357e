import { KeyMovementAdapter } from '../key-movement.adapter';
import type { RailHttpClient } from '../http/rail-http-client';
import { isPhoneKey } from '../phone-wallets';
import type { DirectoryAnswer, KeyDestination, PeruWalletAccount, RailPayout, RefundRequest } from '../rail-terms';
import { accountInfoFrom, walletAccountFrom, walletFrom } from './peru.mapper';
import {
  CCE_MOVEMENTS,
  CceMovement,
  CceReversalRequest,
  CceState,
  CceTransferRequest,
  cciAccountSchema,
  PERU_PATHS,
  walletDirectorySchema,
  walletSelectionSchema,
} from './peru.wire';

/** Peru: CCI accounts and transfers through the CCE, and the mobile-wallet directory. */
export class PeruCceAdapter extends KeyMovementAdapter<CceState, CceMovement> {
  constructor(http: RailHttpClient) {
    super(http, CCE_MOVEMENTS, { payouts: PERU_PATHS.transfers, refunds: PERU_PATHS.reversals });
  }

  /** A CCI is one account, answered by the CCE; a phone lists its wallets, answered by the wallet directory. */
  async lookupKey(key: string): Promise<DirectoryAnswer> {
    if (!isPhoneKey(key)) {
      const answer = await this.http.post('lookup_key', PERU_PATHS.accounts, { cci: key }, cciAccountSchema);
      return { kind: 'PERU_ACCOUNT', key, account: accountInfoFrom(answer.cuenta) };
    }
    const directory = await this.http.post('lookup_key', PERU_PATHS.wallets, { phone: key }, walletDirectorySchema);
    return {
      kind: 'PERU_WALLETS',
      key,
      account: accountInfoFrom(directory.cuenta),
      walletId: directory.walletRecordId,
      wallets: directory.billeteras.map(walletFrom),
    };
  }

  async resolveWallet({
    walletRecordId,
    selectedWalletId,
  }: {
    walletRecordId: string;
    selectedWalletId: string;
  }): Promise<PeruWalletAccount> {
    return walletAccountFrom(
      await this.http.post(
        'resolve_wallet',
        PERU_PATHS.walletSelection,
        { walletRecordId, walletId: selectedWalletId },
        walletSelectionSchema,
      ),
    );
  }

  protected payoutBody(request: RailPayout, destination: KeyDestination): CceTransferRequest {
    return {
      idTransferencia: request.payoutId,
      idOrden: request.orderId,
      monto: request.amount,
      moneda: 'PEN',
      destino: isPhoneKey(destination.key)
        ? { celular: destination.key, walletId: destination.walletId ?? '' }
        : { cci: destination.key },
    };
  }

  protected refundBody(request: RefundRequest): CceReversalRequest {
    return {
      idReverso: request.refundId,
      idOrden: request.orderId,
      referenciaOriginal: request.payoutReference,
      monto: request.amount,
      moneda: 'PEN',
    };
  }
}
