import { Connection } from '@temporalio/client';
import { encodeSearchAttributeIndexedValueType, type SearchAttributeKey, type SearchAttributeType } from '@temporalio/common/lib/search-attributes';
import type { temporal } from '@temporalio/proto';
import { ORDER_SEARCH_ATTRIBUTES } from './search-attribute-keys';

type Keys = ReadonlyArray<SearchAttributeKey<SearchAttributeType>>;

/** The operator service's form of search attribute keys: name → indexed value type. */
export function indexedValueTypes(keys: Keys): Record<string, temporal.api.enums.v1.IndexedValueType> {
  return Object.fromEntries(keys.map((key) => [key.name, encodeSearchAttributeIndexedValueType(key.type)!]));
}

/**
 * Idempotent: attributes that already exist are left as they are. Returns once the server
 * accepts queries on the ones it added: a server with SQL visibility maps them per namespace
 * and its frontend learns them from a cache that refreshes seconds later, and until then a
 * workflow upserting them would fail its task.
 */
export async function registerSearchAttributes(connection: Connection, namespace: string, timeoutMs = 30_000): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = ORDER_SEARCH_ATTRIBUTES.filter((key) => !(key.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: indexedValueTypes(missing) });
  await untilQueryable(connection, namespace, missing, timeoutMs);
}

async function untilQueryable(connection: Connection, namespace: string, keys: Keys, timeoutMs: number): Promise<void> {
  const query = keys.map((key) => `${key.name} IS NULL`).join(' AND ');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await connection.workflowService.listWorkflowExecutions({ namespace, query, pageSize: 1 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
