/**
 * Session tokens: HS256 JWTs carrying the user id, role and the user's token version. Logout and password
 * change bump the version, which revokes every token issued before.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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
  private constructor(private readonly key: KeyObject) {}

  static async create(secret: string | undefined, dataDir: string): Promise<TokenService> {
    return new TokenService(createSecretKey(new TextEncoder().encode(secret ?? (await keptSecret(dataDir, 'jwt-secret')))));
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

  /**
   * The claims of a valid, unexpired token, or null. Revocation is checked against the user record.
   *
   * Checked with node:crypto's HMAC rather than jose's jwtVerify: every signed-in request checks a token, and
   * jose's check through WebCrypto took 6% of the api's CPU under bidding, six times this one. Only what sign()
   * issues passes: the header exactly HS256 with nothing critical, the signature of exactly the two parts before
   * it, our issuer, and an expiry still ahead (as jose, with no clock tolerance).
   */
  async verify(token: string): Promise<TokenClaims | null> {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    // Decoding skips characters outside the alphabet: only the canonical spelling of the signature counts.
    if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return null;
    const head = jsonPart(header);
    const claims = jsonPart(payload);
    if (head?.alg !== 'HS256' || 'crit' in head || head.b64 !== undefined || !claims) return null;
    const now = Math.floor(Date.now() / 1000);
    if (claims.iss !== ISSUER || typeof claims.exp !== 'number' || claims.exp <= now) return null;
    if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > now)) return null;
    if (typeof claims.sub !== 'string' || typeof claims.ver !== 'number' || typeof claims.role !== 'string') return null;
    return { userId: claims.sub, role: claims.role as Role, version: claims.ver };
  }
}

/** A token part decoded as a JSON object, or null. */
function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
