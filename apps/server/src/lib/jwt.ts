import { SignJWT, jwtVerify } from 'jose';

export const JWT_ISSUER = 'dwitunggal';
export const JWT_AUDIENCE = 'dwitunggal-web';
const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export function createTokenService(secret: Uint8Array, ttlSeconds: number) {
  return {
    sign(claims: TokenClaims): Promise<string> {
      return new SignJWT({ ver: claims.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(secret);
    },
    /** Returns the claims of a valid token, or null for anything else (bad, expired, alg none). */
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
        return { userId: payload.sub, tokenVersion: payload.ver };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
