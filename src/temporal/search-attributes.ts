import { Connection } from '@temporalio/client';
import { encodeSearchAttributeIndexedValueType, type SearchAttributeKey, type SearchAttributeType } from '@temporalio/common/lib/search-attributes';
import type { temporal } from '@temporalio/proto';
import { ORDER_SEARCH_ATTRIBUTES } from './search-attribute-keys';

/** The operator service's form of search attribute keys: name → indexed value type. */
export function indexedValueTypes(keys: ReadonlyArray<SearchAttributeKey<SearchAttributeType>>): Record<string, temporal.api.enums.v1.IndexedValueType> {
  return Object.fromEntries(keys.map((key) => [key.name, encodeSearchAttributeIndexedValueType(key.type)!]));
}

/** Idempotent: attributes that already exist are left as they are. */
export async function registerSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = ORDER_SEARCH_ATTRIBUTES.filter((key) => !(key.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: indexedValueTypes(missing) });
}
