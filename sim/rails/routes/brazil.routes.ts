import { dictEntryFor } from '../../../src/rails/br/brazil.mapper';
import {
  BRAZIL_PATHS,
  PIX_DIRECTORY,
  SPI_MOVEMENTS,
  spiPaymentRequestSchema,
  spiReturnRequestSchema,
} from '../../../src/rails/br/brazil.wire';
import { accountWallet } from '../../../src/rails/phone-wallets';
import type { KeyDirectoryService } from '../key-directory.service';
import type { MoneyMovementService } from '../money-movement.service';
import { movementRoutes } from '../movement.routes';
import { ok, pathOf, Route } from '../route';

/** Pix: DICT entries, SPI payments to a key and their returns. */
export function brazilRoutes(directory: KeyDirectoryService, movements: MoneyMovementService): Route[] {
  return [
    {
      method: 'GET',
      path: pathOf(BRAZIL_PATHS.entries, ':key'),
      handle: async (_request, [key = '']) => {
        const entry = directory.brazilHolder(key);
        return ok(dictEntryFor(entry.key, entry.format, entry.holder));
      },
    },
    ...movementRoutes('payout', movements, {
      collection: BRAZIL_PATHS.payments,
      request: spiPaymentRequestSchema,
      wire: SPI_MOVEMENTS,
      orderOf: ({ idempotencyKey, ...facts }) => {
        if (facts.creditorWalletId !== undefined) {
          // A Brazilian phone's one wallet is the account the number names now.
          const wallet = accountWallet(
            PIX_DIRECTORY,
            facts.creditorKey,
            directory.brazilHolder(facts.creditorKey).holder,
          );
          directory.checkWallet(facts.creditorKey, facts.creditorWalletId, [wallet]);
        }
        return {
          id: idempotencyKey,
          order: {
            fingerprint: JSON.stringify(facts),
            amount: facts.amount,
            currency: facts.currency,
            referencePrefix: 'E',
            destinationKey: facts.creditorKey,
          },
        };
      },
    }),
    ...movementRoutes('refund', movements, {
      collection: BRAZIL_PATHS.returns,
      request: spiReturnRequestSchema,
      wire: SPI_MOVEMENTS,
      orderOf: ({ idempotencyKey, ...facts }) => ({
        id: idempotencyKey,
        order: {
          fingerprint: JSON.stringify(facts),
          amount: facts.amount,
          currency: facts.currency,
          referencePrefix: 'D',
          originalReference: facts.originalEndToEndId,
        },
      }),
    }),
  ];
}
