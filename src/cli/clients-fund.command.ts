import { randomUUID } from 'node:crypto';
import { ClientEntity } from '../auth/client.entity';
import { LedgerService } from '../ledger/ledger.service';
import { CurrencyCode, Decimal, formatAmount, isSupportedCurrency, MoneyError, parseAmount } from '../money';
import { isUuid } from '../keys';
import { Command, parseCommandArgs, UsageError } from './command';

function parseAmountOption(text: string | undefined, currency: CurrencyCode): Decimal {
  try {
    return parseAmount(text, currency);
  } catch (error) {
    if (error instanceof MoneyError) throw new UsageError(`--amount: ${error.message}`);
    throw error;
  }
}

export const clientsFund: Command = {
  usage: 'clients:fund --client ID --currency USD --amount 1000 [--operation-id ID] [--json]',
  async run({ dataSource, args, out }) {
    const options = parseCommandArgs(args, {
      client: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      'operation-id': { type: 'string' },
      json: { type: 'boolean' },
    });
    const { client: clientId, currency, amount: amountText } = options;
    if (!clientId || !isUuid(clientId)) throw new UsageError('--client must be a client id (uuid)');
    if (!isSupportedCurrency(currency)) throw new UsageError('--currency must be a supported ISO 4217 code, e.g. USD');
    const amount = parseAmountOption(amountText, currency);
    if (!(await dataSource.getRepository(ClientEntity).existsBy({ id: clientId })))
      throw new UsageError(`no client ${clientId}`);

    // Pass --operation-id when a script may rerun this: the same id never funds twice.
    const operationId = options['operation-id'] ?? `cli-funding:${randomUUID()}`;
    const ledger = new LedgerService(dataSource);
    await ledger.fund(operationId, clientId, currency, amount);
    const balance = (await ledger.balances(clientId)).find((row) => row.currency === currency);
    const available = formatAmount(balance!.available, currency);
    const reserved = formatAmount(balance!.reserved, currency);
    if (options.json) {
      out(JSON.stringify({ client_id: clientId, currency, operation_id: operationId, available, reserved }));
    } else {
      out(
        `client_id=${clientId}\ncurrency=${currency}\noperation_id=${operationId}\navailable=${available}\nreserved=${reserved}`,
      );
    }
  },
};
