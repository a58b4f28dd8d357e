import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { ApiKeyEntity } from './api-key.entity';
import { generateRefreshToken, sha256Hex } from './credentials';
import { RefreshTokenEntity } from './refresh-token.entity';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;
const ALGORITHM = 'HS256';
const ISSUER = 'crossborder-payments';

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

const forbidden = () => new ApiError(403, 'Forbidden resource');
const unauthorized = () => new ApiError(401, 'Unauthorized');

@Injectable()
export class TokenService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async issueForApiKey(apiKey: string | undefined): Promise<TokenPair> {
    if (!apiKey) throw forbidden();
    const key = await this.dataSource.getRepository(ApiKeyEntity).findOneBy({ keyHash: sha256Hex(apiKey), enabled: true });
    if (!key) throw forbidden();
    return this.issue(key, randomUUID());
  }

  /**
   * Single use: a spent token presented again means it leaked, so the whole family (every
   * token rotated from the same login) is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenPair> {
    return this.dataSource.transaction(async (tx) => {
      const tokens = tx.getRepository(RefreshTokenEntity);
      const presented = await tokens.findOneBy({ tokenHash: sha256Hex(refreshToken) });
      if (!presented || presented.revokedAt || presented.expiresAt.getTime() <= Date.now()) throw unauthorized();
      const spent = await tokens
        .createQueryBuilder()
        .update()
        .set({ usedAt: () => 'now()' })
        .where('id = :id AND used_at IS NULL', { id: presented.id })
        .execute();
      if (spent.affected !== 1) {
        await tokens.update({ familyId: presented.familyId }, { revokedAt: new Date() });
        return null;
      }
      const key = await tx.getRepository(ApiKeyEntity).findOneBy({ id: presented.apiKeyId, enabled: true });
      if (!key) throw unauthorized();
      return this.issue(key, presented.familyId, tx.getRepository(RefreshTokenEntity));
    }).then((pair) => {
      // The revocation above must commit, so the reuse answer is thrown only after it.
      if (!pair) throw unauthorized();
      return pair;
    });
  }

  /** Verifies a bearer token and that the key it came from is still enabled. */
  async authenticate(authorization: string | undefined): Promise<Principal> {
    const match = /^Bearer ([A-Za-z0-9._-]+)$/.exec(authorization ?? '');
    if (!match) throw unauthorized();
    let claims: jwt.JwtPayload;
    try {
      claims = jwt.verify(match[1]!, this.env.JWT_SECRET, { algorithms: [ALGORITHM], issuer: ISSUER }) as jwt.JwtPayload;
    } catch {
      throw unauthorized();
    }
    const { sub, akid, jti } = claims;
    if (typeof sub !== 'string' || typeof akid !== 'string' || typeof jti !== 'string') throw unauthorized();
    const enabled = await this.dataSource.getRepository(ApiKeyEntity).existsBy({ id: akid, clientId: sub, enabled: true });
    if (!enabled) throw unauthorized();
    return { clientId: sub, apiKeyId: akid, tokenId: jti };
  }

  private async issue(
    key: ApiKeyEntity,
    familyId: string,
    tokens = this.dataSource.getRepository(RefreshTokenEntity),
  ): Promise<TokenPair> {
    const accessToken = jwt.sign({ akid: key.id }, this.env.JWT_SECRET, {
      algorithm: ALGORITHM,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      subject: key.clientId,
      jwtid: randomUUID(),
      issuer: ISSUER,
    });
    const refreshToken = generateRefreshToken();
    await tokens.insert({
      id: randomUUID(),
      familyId,
      clientId: key.clientId,
      apiKeyId: key.id,
      tokenHash: sha256Hex(refreshToken),
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
      usedAt: null,
      revokedAt: null,
    });
    return { expiresIn: String(ACCESS_TOKEN_TTL_SECONDS), accessToken, refreshToken };
  }
}
