import { randomUUID } from 'node:crypto';
import type { Connection } from '@temporalio/client';
import { assertSearchAttributes, registerSearchAttributes } from '../../../src/temporal/search-attributes';
import { ORDER_SEARCH_ATTRIBUTES } from '../../../src/temporal/search-attribute-keys';
import { freshNamespace } from '../../support/fresh-namespace';

/**
 * With TEMPORAL_REGISTER_SEARCH_ATTRIBUTES=false (Temporal Cloud) the worker registers nothing
 * and only checks, through the workflow service alone, that every order attribute is queryable:
 * a namespace without them stops it at start-up, naming each one with its type.
 */
describe('assertSearchAttributes', () => {
  const namespace = `unregistered-${randomUUID().slice(0, 8)}`;
  let connection: Connection;

  beforeAll(async () => {
    connection = await freshNamespace(namespace);
  }, 90_000);

  afterAll(async () => {
    await connection?.close();
  });

  it('refuses a namespace without the order attributes, naming each with its type, and passes once they exist', async () => {
    const refusal = assertSearchAttributes(connection, namespace);
    await expect(refusal).rejects.toThrow(`search attributes missing in Temporal namespace ${namespace}`);
    const message = await refusal.catch((error: Error) => error.message);
    for (const key of ORDER_SEARCH_ATTRIBUTES) expect(message).toContain(`${key.name} (${key.type})`);

    await registerSearchAttributes(connection, namespace);
    await expect(assertSearchAttributes(connection, namespace)).resolves.toBeUndefined();
  }, 60_000);

  it('passes on the namespace the tests registered', async () => {
    await expect(assertSearchAttributes(connection, 'default')).resolves.toBeUndefined();
  });
});
