import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { Env } from '../src/config/env';
import { LedgerService } from '../src/ledger/ledger.service';
import { Decimal, type PaymentCurrency } from '../src/money';
import { ClientsService, CreatedClient } from '../src/auth/clients.service';
import { secretBoxOf } from '../src/auth/secret-box';

/**
 * The sandbox client's opening balances, in every currency the FX provider quotes (any of them
 * can be a user currency): at least 100,000 USD worth each, in round local numbers. A payment
 * currency without one (a new country's) does not compile.
 */
const SANDBOX_FUNDING: Readonly<Record<PaymentCurrency, string>> = {
  USD: '100000.00',
  EUR: '100000.00',
  BRL: '1000000.00',
  PEN: '1000000.00',
  MXN: '2000000.00',
  UYU: '4000000.00',
  ARS: '100000000.00',
  CLP: '100000000',
  COP: '400000000.00',
};

/**
 * A fresh install gets one sandbox client, so `npm start` is usable at once. Returns the
 * credentials only when it created the client; they are shown once and saved under .data/.
 */
export async function seedSandboxClient(
  dataSource: DataSource,
  env: Env,
  dataDir: string,
): Promise<CreatedClient | null> {
  const clients = new ClientsService(dataSource, secretBoxOf(env));
  if ((await clients.count()) > 0) return null;
  const created = await clients.create({
    name: 'Sandbox',
    apiKey: env.SANDBOX_API_KEY,
    webhookSecret: env.SANDBOX_WEBHOOK_SECRET,
  });
  // Deterministic operation ids: a seed interrupted and rerun never funds a currency twice.
  const ledger = new LedgerService(dataSource);
  for (const [currency, amount] of Object.entries(SANDBOX_FUNDING) as Array<[PaymentCurrency, string]>) {
    await ledger.fund(
      `sandbox-funding:${created.clientId}:${currency}`,
      created.clientId,
      currency,
      new Decimal(amount),
    );
  }
  writeFileSync(join(dataDir, 'sandbox-credentials.json'), JSON.stringify(created, null, 2), { mode: 0o600 });
  return created;
}
