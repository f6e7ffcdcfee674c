/**
 * Session tokens: HS256 JWTs carrying the user id, role and the user's token version. Logout and password
 * change bump the version, which revokes every token issued before.
 */
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@gavel/domain';
import { keptSecret } from '../kept-secret.ts';

const TOKEN_LIFETIME = '7d';
const ISSUER = 'gavel';

export interface TokenClaims {
  userId: string;
  role: Role;
  version: number;
}

export class TokenService {
  private constructor(private readonly key: CryptoKey) {}

  /**
   * The secret is imported as a key once: given raw bytes, jose imports them again on every call, which took
   * two fifths of a token check (every signed-in request makes one).
   */
  static async create(secret: string | undefined, dataDir: string): Promise<TokenService> {
    const bytes = new TextEncoder().encode(secret ?? (await keptSecret(dataDir, 'jwt-secret')));
    return new TokenService(await crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  }

  sign(claims: TokenClaims): Promise<string> {
    return new SignJWT({ role: claims.role, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token, or null. Revocation is checked against the user record. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.role !== 'string') return null;
      return { userId: payload.sub, role: payload.role as Role, version: payload.ver };
    } catch {
      return null;
    }
  }
}
