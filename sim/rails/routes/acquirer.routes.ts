import { fromQrMerchant } from '../../../src/rails/acquirer/acquirer.mapper';
import {
  ACQUIRER_MOVEMENTS,
  ACQUIRER_PATHS,
  acquirerPayoutRequestSchema,
  acquirerRefundRequestSchema,
  merchantLookupRequestSchema,
} from '../../../src/rails/acquirer/acquirer.wire';
import { readJson } from '../http-json';
import type { MoneyMovementService } from '../money-movement.service';
import { movementRoutes } from '../movement.routes';
import { resolveQrMerchant } from '../qr-merchant.resolver';
import { ok, pathOf, Route } from '../route';

/** The QR acquirer: merchants behind QR codes, payouts to them and their refunds. */
export function acquirerRoutes(seed: string, movements: MoneyMovementService): Route[] {
  return [
    {
      method: 'POST',
      path: pathOf(ACQUIRER_PATHS.merchants),
      handle: async (request) =>
        ok(fromQrMerchant(resolveQrMerchant((await readJson(request, merchantLookupRequestSchema)).qr, seed))),
    },
    ...movementRoutes('payout', movements, {
      collection: ACQUIRER_PATHS.payouts,
      request: acquirerPayoutRequestSchema,
      wire: ACQUIRER_MOVEMENTS,
      orderOf: ({ payoutId, ...facts }) => ({
        id: payoutId,
        order: {
          fingerprint: JSON.stringify(facts),
          amount: facts.amount,
          currency: facts.currency,
          referencePrefix: 'AQP-',
        },
      }),
    }),
    ...movementRoutes('refund', movements, {
      collection: ACQUIRER_PATHS.refunds,
      request: acquirerRefundRequestSchema,
      wire: ACQUIRER_MOVEMENTS,
      orderOf: ({ refundId, ...facts }) => ({
        id: refundId,
        order: {
          fingerprint: JSON.stringify(facts),
          amount: facts.amount,
          currency: facts.currency,
          referencePrefix: 'AQR-',
          originalReference: facts.payoutReference,
        },
      }),
    }),
  ];
}
