import { createHash, timingSafeEqual } from 'node:crypto';
import jwt, { type Algorithm, type JwtPayload } from 'jsonwebtoken';
import type { CodecServerEnv } from '../config/env';
import { JwksKeys, type SigningKeys } from './jwks-keys';

/** Who asked, when allowed: the token's subject, or which shared token it was; never the credential itself. */
export type Authorization = { allowed: true; operator: string } | { allowed: false; status: 401 | 403; reason: string };

export type OperatorAuthorizer = (authorization: string | undefined) => Promise<Authorization>;

/** What identity providers sign access tokens with; HMAC is left out (its key would be a secret shared with us). */
const ALGORITHMS: Algorithm[] = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'];

const digest = (text: string) => createHash('sha256').update(text).digest();
const refused = (status: 401 | 403, reason: string): Authorization => ({ allowed: false, status, reason });

/** Whether the claim holds the value: equal to it, an array holding it, or a space-separated list (`scope`) naming it. */
function claimHolds(payload: JwtPayload, name: string, value: string): boolean {
  const claim: unknown = payload[name];
  if (Array.isArray(claim)) return claim.includes(value);
  return typeof claim === 'string' && claim.split(' ').includes(value);
}

/**
 * Decides who may have payloads encoded and decoded: the codec server gives personal data to
 * whoever it says yes to. A request must carry `Authorization: Bearer <token>`, the token being
 * either one of CODEC_SERVER_TOKENS (operators' shared tokens, for the Temporal CLI's
 * `--codec-auth`), compared in constant time, or an access token of the operators' identity
 * provider, which the Temporal Web UI forwards (`codec.passAccessToken`): signed by a key of
 * CODEC_SERVER_JWKS_URL, issued by CODEC_SERVER_JWT_ISSUER (for CODEC_SERVER_JWT_AUDIENCE when
 * set), unexpired, and carrying CODEC_SERVER_JWT_CLAIM (e.g. `groups=payments-pii`): signing in
 * to the UI alone is not enough. 401 without a valid credential, 403 for a valid one without
 * the claim. With CODEC_SERVER_ALLOW_UNAUTHENTICATED, anyone.
 */
export function operatorAuthorizer(
  env: CodecServerEnv,
  jwks: SigningKeys | null = env.CODEC_SERVER_JWKS_URL ? new JwksKeys(env.CODEC_SERVER_JWKS_URL) : null,
): OperatorAuthorizer {
  const tokens = env.CODEC_SERVER_TOKENS.map((token) => ({
    digest: digest(token),
    name: `token ${digest(token).toString('hex').slice(0, 8)}`,
  }));
  const [claimName, claimValue] = (env.CODEC_SERVER_JWT_CLAIM ?? '=').split('=') as [string, string];

  return async (authorization) => {
    if (env.CODEC_SERVER_ALLOW_UNAUTHENTICATED)
      return { allowed: true, operator: 'anyone (CODEC_SERVER_ALLOW_UNAUTHENTICATED)' };
    const bearer = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
    if (!bearer) return refused(401, 'no bearer credential');
    const shared = tokens.find((token) => timingSafeEqual(token.digest, digest(bearer)));
    if (shared) return { allowed: true, operator: shared.name };
    if (!jwks) return refused(401, 'not a token this server knows');

    const header = jwt.decode(bearer, { complete: true })?.header;
    if (!header) return refused(401, 'not a token this server knows');
    const key = await jwks.key(header.kid);
    if (!key) return refused(401, 'signed with a key the identity provider does not publish');
    let payload: JwtPayload;
    try {
      payload = jwt.verify(bearer, key, {
        algorithms: ALGORITHMS,
        issuer: env.CODEC_SERVER_JWT_ISSUER,
        ...(env.CODEC_SERVER_JWT_AUDIENCE ? { audience: env.CODEC_SERVER_JWT_AUDIENCE } : {}),
      }) as JwtPayload;
    } catch (error) {
      return refused(401, `access token refused: ${(error as Error).message}`);
    }
    const operator = payload.sub ?? '(no subject)';
    if (!claimHolds(payload, claimName, claimValue))
      return refused(403, `${operator} lacks ${claimName}=${claimValue}`);
    return { allowed: true, operator };
  };
}
