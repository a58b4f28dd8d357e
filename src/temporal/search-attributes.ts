import { status as GrpcStatus } from '@grpc/grpc-js';
import { Connection, isGrpcServiceError } from '@temporalio/client';
import {
  encodeSearchAttributeIndexedValueType,
  type SearchAttributeKey,
  type SearchAttributeType,
} from '@temporalio/common/lib/search-attributes';
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
export async function registerSearchAttributes(
  connection: Connection,
  namespace: string,
  timeoutMs = 30_000,
): Promise<void> {
  const existing = await connection.operatorService.listSearchAttributes({ namespace });
  const missing = ORDER_SEARCH_ATTRIBUTES.filter((key) => !(key.name in (existing.customAttributes ?? {})));
  if (missing.length === 0) return;
  await connection.operatorService.addSearchAttributes({ namespace, searchAttributes: indexedValueTypes(missing) });
  await untilQueryable(connection, namespace, missing, timeoutMs);
}

/**
 * For a namespace whose search attributes someone else created (TEMPORAL_REGISTER_SEARCH_ATTRIBUTES=false):
 * each must be queryable, else the worker would start and every order's workflow task fail on
 * its upsert. Only the workflow service is used, which Temporal Cloud serves.
 */
export async function assertSearchAttributes(connection: Connection, namespace: string): Promise<void> {
  const missing: string[] = [];
  for (const key of ORDER_SEARCH_ATTRIBUTES) {
    try {
      await connection.workflowService.listWorkflowExecutions({ namespace, query: `${key.name} IS NULL`, pageSize: 1 });
    } catch (error) {
      // INVALID_ARGUMENT: the query names an attribute the namespace does not have.
      if (!isGrpcServiceError(error) || error.code !== GrpcStatus.INVALID_ARGUMENT) throw error;
      missing.push(`${key.name} (${key.type})`);
    }
  }
  if (missing.length > 0) {
    throw new Error(
      `search attributes missing in Temporal namespace ${namespace}: ${missing.join(', ')}. Create them, or let the worker register them with TEMPORAL_REGISTER_SEARCH_ATTRIBUTES=true`,
    );
  }
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
