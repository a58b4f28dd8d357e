import { randomUUID } from 'node:crypto';
import { http } from '../../support/test-api';

export type Http = ReturnType<typeof http>;

/** A uuid nobody owns, and one PostgreSQL could not even parse: both must read as "not found". */
export const MISSING_UUID = '00000000-0000-4000-8000-000000000000';
export const MALFORMED_UUID = 'not-a-uuid';

const reference = (prefix: string) => `${prefix}-${randomUUID()}`;

export const collectorBody = (overrides: Record<string, unknown> = {}) => ({
  external_reference: reference('collector'),
  name: 'Ferragens Acme Ltda',
  fantasy_name: 'Acme',
  tax_id: '12345678000195',
  legal_address: 'Rua Augusta 100, São Paulo',
  regular_contact_email: 'ops@acme.example',
  regular_contact_phone: '+55 11 5555-0100',
  country_code: 'BR',
  description: 'Hardware store',
  ...overrides,
});

export const storeBody = (overrides: Record<string, unknown> = {}) => ({
  description: 'Downtown branch',
  external_reference: reference('store'),
  address: 'Rua Augusta 200, São Paulo',
  phone: '+55 11 5555-0200',
  manager: 'Maria Souza',
  ...overrides,
});

export const posBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Checkout 1',
  external_reference: reference('pos'),
  description: 'Front counter',
  ...overrides,
});

async function created(response: Promise<{ status: number; body: any }>, uuidField: string): Promise<string> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`create failed: ${status} ${JSON.stringify(body)}`);
  return body[uuidField];
}

export const createCollector = (client: Http, overrides?: Record<string, unknown>) =>
  created(client.post('/collectors', collectorBody(overrides)), 'collector_uuid');

export const createStore = (client: Http, collectorUuid: string, overrides?: Record<string, unknown>) =>
  created(client.post(`/collectors/${collectorUuid}/stores`, storeBody(overrides)), 'uuid');

export const createPos = (client: Http, storeUuid: string, overrides?: Record<string, unknown>) =>
  created(client.post(`/stores/${storeUuid}/pos`, posBody(overrides)), 'uuid');

/** A collector with one store and one POS, all enabled. */
export async function createHierarchy(client: Http) {
  const collectorUuid = await createCollector(client);
  const storeUuid = await createStore(client, collectorUuid);
  const posUuid = await createPos(client, storeUuid);
  return { collectorUuid, storeUuid, posUuid };
}
