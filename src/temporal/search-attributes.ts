import { SearchAttributeType } from '@temporalio/common';
import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { ORDER_SEARCH_ATTRIBUTES } from './search-attribute-keys';

const INDEXED_TYPES: Partial<Record<SearchAttributeType, temporal.api.enums.v1.IndexedValueType>> = {
  [SearchAttributeType.KEYWORD]: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
  [SearchAttributeType.BOOL]: temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_BOOL,
};

/** Idempotent: attributes that already exist are left as they are. */
export async function registerSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = ORDER_SEARCH_ATTRIBUTES.filter((key) => !(key.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(
      missing.map((key) => {
        const indexed = INDEXED_TYPES[key.type];
        if (indexed === undefined) throw new Error(`no indexed type for search attribute ${key.name} (${key.type})`);
        return [key.name, indexed];
      }),
    ),
  });
}
