import { isUuid } from '../keys';
import { FindOptionsRelations, FindOptionsWhere, QueryFailedError, Repository } from 'typeorm';
import { ApiError, notFound } from '../http/api-error';

/** The spec's 404 messages, one per resource. */
export const NOT_FOUND = {
  collector: 'Collector not found',
  store: 'Store not found',
  pos: 'POS not found',
} as const;

/** The spec's default 409 body, `{ statusCode: 409, message: 'Conflict' }`. */
export const conflict = () => new ApiError(409, 'Conflict');

interface OwnedRecord {
  id: string;
  clientId: string;
  enabled: boolean;
}

// The canonical text form PostgreSQL accepts for a uuid column.

export interface FindOwnedOptions<T> {
  relations?: FindOptionsRelations<T>;
  /** Holds a share lock until the transaction ends, so the record cannot be disabled under a new child. */
  lockForChildren?: boolean;
}

/**
 * The calling client's record, or 404 with `notFoundMessage`. A malformed uuid, a missing record
 * and another client's record all answer the same, so the answer tells nothing about other tenants.
 */
export async function findOwned<T extends OwnedRecord>(
  repository: Repository<T>,
  clientId: string,
  id: string,
  notFoundMessage: string,
  options: FindOwnedOptions<T> = {},
): Promise<T> {
  if (!isUuid(id)) throw notFound(notFoundMessage);
  const record = await repository.findOne({
    where: { id, clientId } as FindOptionsWhere<T>,
    relations: options.relations,
    lock: options.lockForChildren ? { mode: 'pessimistic_read' } : undefined,
  });
  if (!record) throw notFound(notFoundMessage);
  return record;
}

/**
 * Disables the calling client's record (404 when it has none). Returns false when it was already
 * disabled; each resource answers that with the 409 body the spec gives it.
 */
export async function disableOwned<T extends OwnedRecord>(
  repository: Repository<T>,
  clientId: string,
  id: string,
  notFoundMessage: string,
): Promise<boolean> {
  await findOwned(repository, clientId, id, notFoundMessage);
  // TypeScript cannot follow `enabled` through the generic's partial type; every T has it.
  const records = repository as unknown as Repository<OwnedRecord>;
  // Conditional on `enabled`, so two concurrent disables cannot both succeed.
  const result = await records.update({ id, enabled: true }, { enabled: false });
  return result.affected === 1;
}

/** True when `error` is PostgreSQL refusing a row because of the unique index `indexName`. */
export function violatesUnique(error: unknown, indexName: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && driverError.constraint === indexName;
}

/** Runs `write`, answering a violation of the unique index `indexName` with `onViolation()`. */
export async function uniquely<T>(indexName: string, onViolation: () => Error, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw violatesUnique(error, indexName) ? onViolation() : error;
  }
}
