import { Inject, Injectable } from '@nestjs/common';
import { createHmac, createSecretKey, KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { DataSource, EntityManager } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { PreparedStatement } from '../db/prepared-statement';
import { ApiError } from '../http/api-error';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TTL_SECONDS,
  validAccessClaims,
} from './access-token-claims';
import { ApiKeyEntity } from './api-key.entity';
import { generateRefreshToken, sha256Hex } from './credentials';
import { RefreshTokenEntity } from './refresh-token.entity';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
/**
 * How long a just-spent refresh token still answers with its successor: a client that sends
 * the same refresh from several threads at once keeps its session instead of revoking it.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;
const ALGORITHM = 'HS256';

export interface TokenPair {
  expiresIn: string;
  accessToken: string;
  refreshToken: string;
}

export interface Principal {
  clientId: string;
  apiKeyId: string;
  tokenId: string;
}

const statements = {
  /** A login: a new token family's first refresh token, stored only for an enabled key ($5, its hash); names the key. */
  login: new PreparedStatement<Pick<ApiKeyEntity, 'id' | 'clientId'>>(
    'auth.login',
    `INSERT INTO refresh_tokens (id, family_id, client_id, api_key_id, token_hash, expires_at, used_at, revoked_at)
     SELECT $1, $2, k.client_id, k.id, $3, $4, NULL, NULL FROM api_keys k WHERE k.key_hash = $5 AND k.enabled
     RETURNING api_key_id AS id, client_id AS "clientId"`,
  ),
  /** Every authenticated request: the token's key still enabled and its family not revoked. */
  active: new PreparedStatement<{ active: boolean }>(
    'auth.active',
    `SELECT EXISTS (SELECT 1 FROM api_keys WHERE id = $1 AND client_id = $2 AND enabled)
       AND NOT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $3 AND revoked_at IS NOT NULL) AS active`,
  ),
};

const forbidden = () => new ApiError(403, 'Forbidden resource');
const unauthorized = () => new ApiError(401, 'Unauthorized');

@Injectable()
export class TokenService {
  /**
   * JWT_SECRET as a key object, made once: given the string, jsonwebtoken first tries (and
   * fails) to read it as a PEM public key on every call, a few milliseconds of CPU per request.
   */
  private readonly signingKey: KeyObject;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.signingKey = createSecretKey(Buffer.from(env.JWT_SECRET, 'utf8'));
  }

  async issueForApiKey(apiKey: string | undefined): Promise<TokenPair> {
    if (!apiKey) throw forbidden();
    const familyId = randomUUID();
    const refreshToken = generateRefreshToken();
    const { rows } = await statements.login.run(this.dataSource, [
      randomUUID(),
      familyId,
      sha256Hex(refreshToken),
      new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      sha256Hex(apiKey),
    ]);
    if (!rows[0]) throw forbidden();
    return this.pair(rows[0], familyId, refreshToken);
  }

  /**
   * Single use: a spent token presented again means it leaked, so the whole family (every
   * token rotated from the same login, access tokens included) is revoked. The exception is a
   * token spent less than REFRESH_REUSE_GRACE_SECONDS ago whose successor is still unused: that
   * is the same client refreshing concurrently, and it gets the same successor again.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const outcome = await this.dataSource.transaction(async (tx) => {
      const tokens = tx.getRepository(RefreshTokenEntity);
      const presented = await tokens.findOneBy({ tokenHash: sha256Hex(refreshToken) });
      if (!presented || presented.revokedAt || presented.expiresAt.getTime() <= Date.now()) throw unauthorized();
      const key = await tx.getRepository(ApiKeyEntity).findOneBy({ id: presented.apiKeyId, enabled: true });
      if (!key) throw unauthorized();
      const successor = this.successorOf(refreshToken);
      // Concurrent refreshes of one token queue on this row lock; exactly one spends it.
      const spent = await tokens
        .createQueryBuilder()
        .update()
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL', { id: presented.id })
        .execute();
      if (spent.affected === 1) {
        await this.storeRefreshToken(tx, key, presented.familyId, successor);
        return this.pair(key, presented.familyId, successor);
      }
      if (await this.isConcurrentRefresh(tx, presented.id, successor))
        return this.pair(key, presented.familyId, successor);
      await tokens.update({ familyId: presented.familyId }, { revokedAt: new Date() });
      return null;
    });
    // The revocation above must commit, so the reuse answer is thrown only after it.
    if (!outcome) throw unauthorized();
    return outcome;
  }

  /** Verifies a bearer token, that the key it came from is still enabled and that its family is not revoked. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization ?? '');
    if (!match) throw unauthorized();
    let payload: unknown;
    try {
      payload = jwt.verify(match[1]!, this.signingKey, {
        algorithms: [ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      });
    } catch {
      throw unauthorized();
    }
    const claims = validAccessClaims(payload, Math.floor(Date.now() / 1000));
    if (!claims) throw unauthorized();
    const { rows } = await statements.active.run(this.dataSource, [claims.akid, claims.sub, claims.fam]);
    if (!rows[0]!.active) throw unauthorized();
    return { clientId: claims.sub, apiKeyId: claims.akid, tokenId: claims.jti };
  }

  /**
   * The token a refresh token is rotated into, derived from it with a key only this service
   * holds: every concurrent refresh of one token computes the same successor, and nobody
   * holding a spent token can compute the live one.
   */
  private successorOf(refreshToken: string): string {
    return createHmac('sha384', this.env.JWT_SECRET)
      .update(`refresh-token-successor:${refreshToken}`)
      .digest('base64url');
  }

  /** The presented token was spent moments ago and its successor, stored by that refresh, is still unused. */
  private async isConcurrentRefresh(tx: EntityManager, presentedId: string, successor: string): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `SELECT 1 FROM refresh_tokens spent
       JOIN refresh_tokens next ON next.family_id = spent.family_id AND next.token_hash = $2
       WHERE spent.id = $1 AND spent.used_at > clock_timestamp() - make_interval(secs => $3)
         AND next.used_at IS NULL AND next.revoked_at IS NULL AND spent.revoked_at IS NULL`,
      [presentedId, sha256Hex(successor), REFRESH_REUSE_GRACE_SECONDS],
    );
    return rows.length === 1;
  }

  private async storeRefreshToken(
    manager: EntityManager,
    key: ApiKeyEntity,
    familyId: string,
    refreshToken: string,
  ): Promise<void> {
    await manager.getRepository(RefreshTokenEntity).insert({
      id: randomUUID(),
      familyId,
      clientId: key.clientId,
      apiKeyId: key.id,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      usedAt: null,
      revokedAt: null,
    });
  }

  private pair(key: Pick<ApiKeyEntity, 'id' | 'clientId'>, familyId: string, refreshToken: string): TokenPair {
    const accessToken = jwt.sign({ akid: key.id, fam: familyId }, this.signingKey, {
      algorithm: ALGORITHM,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      subject: key.clientId,
      jwtid: randomUUID(),
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
    });
    return { expiresIn: String(ACCESS_TOKEN_TTL_SECONDS), accessToken, refreshToken };
  }
}
