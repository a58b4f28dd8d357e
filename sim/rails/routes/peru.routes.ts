import { cceAccountOf, walletEntryOf } from '../../../src/rails/pe/peru.mapper';
import {
  CCE_MOVEMENTS,
  cceReversalRequestSchema,
  cceTransferRequestSchema,
  cciLookupRequestSchema,
  PERU_PATHS,
  walletLookupRequestSchema,
  walletSelectionRequestSchema,
} from '../../../src/rails/pe/peru.wire';
import { readJson } from '../http-json';
import type { KeyDirectoryService } from '../key-directory.service';
import type { MoneyMovementService } from '../money-movement.service';
import { movementRoutes } from '../movement.routes';
import { ok, pathOf, Route } from '../route';

/** Peru: CCI accounts and CCE transfers, and the mobile-wallet directory. */
export function peruRoutes(directory: KeyDirectoryService, movements: MoneyMovementService): Route[] {
  return [
    {
      method: 'POST',
      path: pathOf(PERU_PATHS.accounts),
      handle: async (request) => {
        const { cci } = await readJson(request, cciLookupRequestSchema);
        return ok({ cci, cuenta: cceAccountOf(directory.peruAccount(cci), cci.slice(0, 3)) });
      },
    },
    {
      method: 'POST',
      path: pathOf(PERU_PATHS.wallets),
      handle: async (request) => {
        const { phone } = await readJson(request, walletLookupRequestSchema);
        const { account, walletId, wallets } = directory.peruWallets(phone);
        return ok({
          celular: phone,
          walletRecordId: walletId,
          cuenta: cceAccountOf(account, wallets[0]!.entityCode),
          billeteras: wallets.map(walletEntryOf),
        });
      },
    },
    {
      method: 'POST',
      path: pathOf(PERU_PATHS.walletSelection),
      handle: async (request) => {
        const { walletRecordId, walletId } = await readJson(request, walletSelectionRequestSchema);
        const { account, wallet } = directory.resolveWallet(walletRecordId, walletId);
        return ok({ cuenta: cceAccountOf(account, wallet.entityCode), nombreBilletera: wallet.bankName });
      },
    },
    ...movementRoutes('payout', movements, {
      collection: PERU_PATHS.transfers,
      request: cceTransferRequestSchema,
      wire: CCE_MOVEMENTS,
      orderOf: ({ idTransferencia, ...facts }) => {
        if ('celular' in facts.destino)
          directory.checkWallet(
            facts.destino.celular,
            facts.destino.walletId,
            directory.peruWallets(facts.destino.celular).wallets,
          );
        return {
          id: idTransferencia,
          order: {
            fingerprint: JSON.stringify(facts),
            amount: facts.monto,
            currency: facts.moneda,
            referencePrefix: 'CCE-',
            destinationKey: 'cci' in facts.destino ? facts.destino.cci : facts.destino.celular,
          },
        };
      },
    }),
    ...movementRoutes('refund', movements, {
      collection: PERU_PATHS.reversals,
      request: cceReversalRequestSchema,
      wire: CCE_MOVEMENTS,
      orderOf: ({ idReverso, ...facts }) => ({
        id: idReverso,
        order: {
          fingerprint: JSON.stringify(facts),
          amount: facts.monto,
          currency: facts.moneda,
          referencePrefix: 'CCR-',
          originalReference: facts.referenciaOriginal,
        },
      }),
    }),
  ];
}
