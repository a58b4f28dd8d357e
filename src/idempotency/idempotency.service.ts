import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { EntityColumns } from '../db/entity-columns';
import { PreparedStatement } from '../db/prepared-statement';
import { isOutOfReach, untilReachable } from '../infra/until-reachable';
import { IdempotencyKeyEntity } from './idempotency-key.entity';
import { idempotencyKeyReused, invalidIdempotencyKey, requestInProgress } from './idempotency.errors';
import { RequestFingerprint, requestHash } from './request-hash';

export interface IdempotencyScope {
  clientId: string;
  /** Names the endpoint, e.g. `payments.preview`: one key may be used once per operation. */
  operation: string;
  /** No key: the handler simply runs. */
  key?: string;
}

export interface HandlerResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface IdempotentResponse {
  status: number;
  /** The body serialised once with JSON.stringify: a replay sends these very bytes. */
  bodyText: string;
  headers: Record<string, string>;
  /** True when this is the stored response of an earlier execution. */
  replayed: boolean;
}

export interface IdempotencyTimings {
  /** How long a key is kept: at least the 24 h docs/decisions.md promises. */
  ttlMs: number;
  /** How long a retry waits for the execution that holds the key before answering 409. */
  maxWaitMs: number;
  pollMs: number;
  /**
   * After this long an execution that never finished is taken to have died with its process,
   * and the key may run again. Far longer than any payment handler runs.
   */
  leaseMs: number;
}

const DEFAULT_TIMINGS: IdempotencyTimings = { ttlMs: 24 * 3600_000, maxWaitMs: 10_000, pollMs: 100, leaseMs: 120_000 };

// Retrying these may well succeed, so they are never stored: they would block the key for a day.
const TRANSIENT_CLIENT_STATUSES = new Set([408, 425, 429]);
const isReplayable = (status: number) => status < 500 && !TRANSIENT_CLIENT_STATUSES.has(status);

const PURGE_BATCH_SIZE = 1000;
const PURGE_MAX_BATCHES = 100;

/** The `idempotency-key` header: 1 to 255 printable ASCII characters, not only spaces. */
export const idempotencyKeySchema = z
  .string()
  .max(255)
  .regex(/^[\x20-\x7e]*[\x21-\x7e][\x20-\x7e]*$/);

/** The statements of every idempotent request, by the key's primary key ($1 client, $2 operation, $3 key) and, for an execution's own writes, its id ($4). */
function keyStatements(columns: EntityColumns<IdempotencyKeyEntity>) {
  return {
    claim: new PreparedStatement(
      'idempotency.claim',
      `INSERT INTO idempotency_keys (client_id, operation, key, request_hash, state, execution_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, 'IN_PROGRESS', $5, $6, $7) ON CONFLICT DO NOTHING RETURNING execution_id`,
    ),
    read: new PreparedStatement<IdempotencyKeyEntity>(
      'idempotency.read',
      `SELECT ${columns.selectList()} FROM idempotency_keys WHERE client_id = $1 AND operation = $2 AND key = $3`,
    ),
    release: new PreparedStatement(
      'idempotency.release',
      'DELETE FROM idempotency_keys WHERE client_id = $1 AND operation = $2 AND key = $3 AND execution_id = $4',
    ),
    complete: new PreparedStatement(
      'idempotency.complete',
      `UPDATE idempotency_keys SET state = 'COMPLETED', response_status = $5, response_headers = $6, response_body = $7, completed_at = $8
       WHERE client_id = $1 AND operation = $2 AND key = $3 AND execution_id = $4`,
    ),
  };
}

function serialise(response: HandlerResponse): Omit<IdempotentResponse, 'replayed'> {
  return {
    status: response.status,
    bodyText: response.body === undefined ? '' : JSON.stringify(response.body),
    headers: response.headers ?? {},
  };
}

/**
 * Makes retries with the same `idempotency-key` safe: the first request executes, every
 * retry gets its stored response, and two concurrent ones never both execute. The key is
 * claimed with an insert that only one request can win, so the guarantee holds across
 * processes.
 */
export class IdempotencyService {
  private readonly logger = new Logger('IdempotencyService');
  private readonly timings: IdempotencyTimings;
  private readonly statements: ReturnType<typeof keyStatements>;

  constructor(
    private readonly dataSource: DataSource,
    timings: Partial<IdempotencyTimings> = {},
  ) {
    this.timings = { ...DEFAULT_TIMINGS, ...timings };
    this.statements = keyStatements(new EntityColumns(dataSource, IdempotencyKeyEntity));
  }

  async run(
    scope: IdempotencyScope,
    request: RequestFingerprint,
    handler: () => Promise<HandlerResponse>,
  ): Promise<IdempotentResponse> {
    const { key } = scope;
    if (key === undefined) return { ...serialise(await handler()), replayed: false };
    if (!idempotencyKeySchema.safeParse(key).success) throw invalidIdempotencyKey();

    const hash = requestHash(request);
    const deadline = Date.now() + this.timings.maxWaitMs;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0 && Date.now() >= deadline) throw requestInProgress();
      const executionId = randomUUID();
      if (await this.claim(scope, key, hash, executionId)) return this.execute(scope, key, executionId, handler);

      const [existing] = (await this.statements.read.run(this.dataSource, [scope.clientId, scope.operation, key])).rows;
      // Released by a failed execution since the claim: claim again.
      if (!existing) continue;
      if (this.isStale(existing)) {
        await this.statements.release.run(this.dataSource, [
          scope.clientId,
          scope.operation,
          key,
          existing.executionId,
        ]);
        continue;
      }
      if (existing.requestHash !== hash) throw idempotencyKeyReused();
      if (existing.state === 'COMPLETED') return this.replay(existing);
      await sleep(this.timings.pollMs);
    }
  }

  /** Deletes expired keys in bounded batches; returns how many went. */
  async purgeExpired(): Promise<number> {
    let purged = 0;
    for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
      const [, deleted] = await this.dataSource.query<[unknown, number]>(
        `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1)`,
        [PURGE_BATCH_SIZE],
      );
      purged += deleted;
      if (deleted < PURGE_BATCH_SIZE) break;
    }
    return purged;
  }

  /** Only one of any number of concurrent claims inserts the row; the others see it exists. */
  private async claim(scope: IdempotencyScope, key: string, hash: string, executionId: string): Promise<boolean> {
    const now = Date.now();
    const claimed = await this.statements.claim.run(this.dataSource, [
      scope.clientId,
      scope.operation,
      key,
      hash,
      executionId,
      new Date(now),
      new Date(now + this.timings.ttlMs),
    ]);
    return claimed.rowCount === 1;
  }

  private async execute(
    scope: IdempotencyScope,
    key: string,
    executionId: string,
    handler: () => Promise<HandlerResponse>,
  ): Promise<IdempotentResponse> {
    const execution = [scope.clientId, scope.operation, key, executionId];
    const release = () => this.statements.release.run(this.dataSource, execution);
    let response: Omit<IdempotentResponse, 'replayed'>;
    try {
      response = serialise(await handler());
    } catch (error) {
      // An unexpected failure is not an answer: the key is released so that a retry executes.
      await this.settle(scope.operation, release).catch((releaseError: unknown) =>
        this.logger.error(`could not release an idempotency key: ${String(releaseError)}`),
      );
      throw error;
    }
    if (!isReplayable(response.status)) {
      await this.settle(scope.operation, release);
    } else {
      await this.settle(scope.operation, async () => {
        const completed = await this.statements.complete.run(this.dataSource, [
          ...execution,
          response.status,
          JSON.stringify(response.headers),
          response.bodyText,
          new Date(),
        ]);
        // Only possible when this execution outlived its lease and another one took the key over.
        if (completed.rowCount !== 1)
          this.logger.warn(`idempotency key of ${scope.operation} was taken over before it completed`);
      });
    }
    return { ...response, replayed: false };
  }

  /**
   * Writes how an execution ended: its key released, or its answer stored. With PostgreSQL out
   * of reach (an outage is often what failed the handler), the key would stay IN_PROGRESS until
   * its lease ends, every resend answered 409 meanwhile; instead the write goes on in the
   * background, with back-off, for the lease, and the caller gets its answer now. Writes are
   * tied to this execution's id, so one that lands after another execution took the key over
   * changes nothing.
   */
  private async settle(operation: string, write: () => Promise<unknown>): Promise<void> {
    try {
      await write();
    } catch (error) {
      if (!isOutOfReach(error)) throw error;
      const reach = {
        windowMs: this.timings.leaseMs,
        firstDelayMs: 250,
        maxDelayMs: 5_000,
        warn: (message: string) => this.logger.warn(message),
        // Nothing to wait for at shutdown: past the lease the key is free anyway.
        sleep: (ms: number) => sleep(ms, undefined, { ref: false }),
      };
      void untilReachable(`PostgreSQL, to settle an idempotency key of ${operation},`, write, reach).catch(
        (lastError: unknown) =>
          this.logger.error(
            `an idempotency key of ${operation} stays in progress until its lease ends: ${String(lastError)}`,
          ),
      );
    }
  }

  private replay(row: IdempotencyKeyEntity): IdempotentResponse {
    return {
      status: row.responseStatus!,
      bodyText: row.responseBody!,
      headers: row.responseHeaders ?? {},
      replayed: true,
    };
  }

  /** An expired key may be used afresh; an execution past its lease died with its process. */
  private isStale(row: IdempotencyKeyEntity): boolean {
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) return true;
    return row.state === 'IN_PROGRESS' && row.createdAt.getTime() + this.timings.leaseMs <= now;
  }
}
