/**
 * The unsubscribe link's token: which e-mail kind, for which user, signed with the server's UNSUBSCRIBE_SECRET
 * (HMAC-SHA256), so no table is needed and nobody can turn off another user's mail by guessing. It does not
 * expire: it only ever turns one kind of mail off, which the user can turn back on in their profile.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_KINDS, type EmailKind } from '@gavel/domain';

export interface UnsubscribeClaim {
  userId: string;
  kind: EmailKind;
}

export class UnsubscribeTokens {
  constructor(private readonly secret: string) {}

  sign({ userId, kind }: UnsubscribeClaim): string {
    return `${kind}.${userId}.${this.mac(kind, userId)}`;
  }

  /** The claim of a token this server signed, or null (forged, altered or not a token at all). */
  verify(token: string): UnsubscribeClaim | null {
    const [kind, userId, mac, ...rest] = token.split('.');
    if (rest.length > 0 || !kind || !userId || !mac || !isKind(kind)) return null;
    const expected = Buffer.from(this.mac(kind, userId));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
  }

  private mac(kind: string, userId: string): string {
    return createHmac('sha256', this.secret).update(`unsubscribe\n${kind}\n${userId}`).digest('base64url');
  }
}

function isKind(kind: string): kind is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(kind);
}
