import { z } from 'zod';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const ACCESS_TOKEN_ISSUER = 'crossborder-payments';
/** Tokens are for this API alone; a token minted with the same key for anything else is refused. */
export const ACCESS_TOKEN_AUDIENCE = 'crossborder-payments-api';
/** How far ahead of our clock another replica's `iat` may be. */
const CLOCK_SKEW_SECONDS = 60;

/**
 * The claims every access token must carry, whoever signed it. The signature proves only
 * that the token was made with our key; these rules keep a token made with our key in any
 * other way (no `exp`, an `exp` in 2100, an `iat` in the future) from living longer than the
 * tokens this service issues.
 */
export const accessTokenClaimsSchema = z
  .object({
    sub: z.uuid(),
    akid: z.uuid(),
    jti: z.uuid(),
    /** The refresh-token family the token belongs to: revoking the family ends the token. */
    fam: z.uuid(),
    iss: z.literal(ACCESS_TOKEN_ISSUER),
    aud: z.literal(ACCESS_TOKEN_AUDIENCE),
    iat: z.number().int(),
    exp: z.number().int(),
  })
  .refine(
    (claims) => claims.exp > claims.iat && claims.exp - claims.iat <= ACCESS_TOKEN_TTL_SECONDS,
    'lifetime over the maximum',
  );

export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

/** The claims of a verified token when they follow the rules at `nowSeconds`, else null. */
export function validAccessClaims(payload: unknown, nowSeconds: number): AccessTokenClaims | null {
  const parsed = accessTokenClaimsSchema.safeParse(payload);
  if (!parsed.success) return null;
  const { iat, exp } = parsed.data;
  return iat <= nowSeconds + CLOCK_SKEW_SECONDS && exp > nowSeconds ? parsed.data : null;
}
