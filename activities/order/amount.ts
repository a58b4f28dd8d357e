import { ApplicationFailure } from '@temporalio/activity';
import { convert, Decimal, formatAmount, MoneyError, parseAmount } from '../../src/money';
import { assertAmountWithinLimits, parseLimitOverrides } from '../../src/rails/countries';
import type { AmountInput, StepResult } from '../../src/orders/order-steps';
import { stepWriter, type OrderActivityDeps } from './step-writes';

/** An amount that cannot be taken (a tester's signal; the API refuses these before they get here). */
const invalidAmount = (message: string) => ApplicationFailure.nonRetryable(`amount: ${message}`, 'INVALID_AMOUNT');

/** An open amount's arrival: checked, priced at a quote locked to the order, and written. */
export function createAmountActivities(deps: Pick<OrderActivityDeps, 'env' | 'orders' | 'fx' | 'deliver'>) {
  const { env, fx } = deps;
  const limits = parseLimitOverrides(env.AMOUNT_LIMITS);
  const write = stepWriter(deps);
  return {
    /**
     * The open amount arrives, priced with the API's quote, which is locked to the order here.
     * An amount sent without a quote (a tester's signal) is checked as the API checks it and
     * priced here, at a quote made for the payer and locked alike (or the one a retry locked).
     */
    async submitAmount({ orderId, seq, amount, fxQuoteId, facts, requestId }: AmountInput): Promise<StepResult> {
      let localAmount: Decimal;
      try {
        localAmount = parseAmount(amount, facts.localCurrency);
        assertAmountWithinLimits(localAmount, facts.localCountry, limits);
      } catch (error) {
        if (error instanceof MoneyError) throw invalidAmount(error.message);
        throw error;
      }
      // A quote named with the amount (a tester's signal may name any) must be the payer's, for the order's pair.
      const use = { orderId, clientId: facts.payerClientId!, base: facts.localCurrency, target: facts.userCurrency };
      const quote =
        fxQuoteId !== null
          ? await fx.lockToOrder(fxQuoteId, use)
          : ((await fx.quoteOfOrder(orderId)) ??
            (await fx.lockToOrder((await fx.quote(use.clientId, use.base, use.target)).id, use)));
      const userAmount = convert(localAmount, quote.rate, facts.userCurrency);
      if (userAmount.lte(0)) {
        const local = `${formatAmount(localAmount, facts.localCurrency)} ${facts.localCurrency}`;
        throw invalidAmount(`${local} is less than the smallest amount of ${facts.userCurrency}`);
      }
      return write({
        orderId,
        seq,
        event: 'AMOUNT_SET',
        requestId,
        patch: {
          localAmount: formatAmount(localAmount, facts.localCurrency),
          userAmount: formatAmount(userAmount, facts.userCurrency),
          fxQuoteId: quote.id,
          fxRate: quote.rate.toFixed(),
        },
      });
    },
  };
}
