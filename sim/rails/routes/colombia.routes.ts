import { brebKeyFor } from '../../../src/rails/co/colombia.mapper';
import {
  BREB_DIRECTORY,
  BREB_MOVEMENTS,
  brebReturnRequestSchema,
  brebTransferRequestSchema,
  COLOMBIA_PATHS,
} from '../../../src/rails/co/colombia.wire';
import { accountWallet } from '../../../src/rails/phone-wallets';
import type { KeyDirectoryService } from '../key-directory.service';
import type { MoneyMovementService } from '../money-movement.service';
import { movementRoutes } from '../movement.routes';
import { ok, pathOf, Route } from '../route';

/** Bre-B: its key directory, transfers to a key and their returns. */
export function colombiaRoutes(directory: KeyDirectoryService, movements: MoneyMovementService): Route[] {
  return [
    {
      method: 'GET',
      path: pathOf(COLOMBIA_PATHS.keys, ':llave'),
      handle: async (_request, [llave = '']) => ok(brebKeyFor(llave, directory.colombiaHolder(llave))),
    },
    ...movementRoutes('payout', movements, {
      collection: COLOMBIA_PATHS.transfers,
      request: brebTransferRequestSchema,
      wire: BREB_MOVEMENTS,
      orderOf: ({ idTransferencia, ...facts }) => {
        if (facts.idBilletera !== undefined) {
          // A Colombian phone's one wallet is the account the number names now.
          directory.checkWallet(facts.llave, facts.idBilletera, [
            accountWallet(BREB_DIRECTORY, facts.llave, directory.colombiaHolder(facts.llave)),
          ]);
        }
        return {
          id: idTransferencia,
          order: {
            fingerprint: JSON.stringify(facts),
            amount: facts.valor,
            currency: facts.moneda,
            referencePrefix: 'BRB-',
            destinationKey: facts.llave,
          },
        };
      },
    }),
    ...movementRoutes('refund', movements, {
      collection: COLOMBIA_PATHS.returns,
      request: brebReturnRequestSchema,
      wire: BREB_MOVEMENTS,
      orderOf: ({ idDevolucion, ...facts }) => ({
        id: idDevolucion,
        order: {
          fingerprint: JSON.stringify(facts),
          amount: facts.valor,
          currency: facts.moneda,
          referencePrefix: 'BRD-',
          originalReference: facts.referenciaOriginal,
        },
      }),
    }),
  ];
}
