import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientsService } from '../../src/auth/clients.service';
import { LedgerService } from '../../src/ledger/ledger.service';
import { CurrencyCode, Decimal } from '../../src/money';

export interface ApiClient {
  clientId: string;
  apiKey: string;
  /** A bearer token from `GET /auth/token`, as an integrator gets one. */
  token: string;
}

export type FundedPayer = ApiClient;

/** Where clients are made and funded: an API running in this process, or the database itself (an API in another process). */
export interface ClientRegistry {
  clients: ClientsService;
  dataSource: DataSource;
}

export const registryOf = (api: INestApplication): ClientRegistry => ({
  clients: api.get(ClientsService),
  dataSource: api.get(DataSource),
});

/** A new API client with an access token from the API at `apiUrl`. */
export async function createApiClient(registry: ClientRegistry, apiUrl: string, name: string): Promise<ApiClient> {
  const client = await registry.clients.create({ name });
  const response = await fetch(`${apiUrl}/auth/token`, { headers: { 'x-api-key': client.apiKey } });
  if (response.status !== 200) throw new Error(`token request failed: ${response.status}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { clientId: client.clientId, apiKey: client.apiKey, token: accessToken };
}

/** A new API client, funded in `currency` through the ledger, with an access token. */
export async function createFundedPayer(
  registry: ClientRegistry,
  apiUrl: string,
  name: string,
  currency: CurrencyCode,
  amount: string,
): Promise<FundedPayer> {
  const payer = await createApiClient(registry, apiUrl, name);
  await new LedgerService(registry.dataSource).fund(
    `funding:${payer.clientId}`,
    payer.clientId,
    currency,
    new Decimal(amount),
  );
  return payer;
}
