/**
 * Six-digit e-mail codes. Only an HMAC of the code is stored; a code is valid for 10 minutes and 5 attempts,
 * is spent by its first successful use, and issuing a new code voids the older ones of the same purpose.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { PrismaClient, EmailCodePurpose } from '../generated/prisma/client.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

export type CodeCheck = 'ok' | 'invalid' | 'too_many_attempts';

export class EmailCodes {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly pepper: string,
  ) {}

  async issue(userId: string, purpose: EmailCodePurpose): Promise<string> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.prisma.$transaction([
      this.prisma.emailCode.updateMany({ where: { userId, purpose, consumedAt: null }, data: { consumedAt: new Date() } }),
      this.prisma.emailCode.create({ data: { userId, purpose, codeHash: this.digest(code), expiresAt: new Date(Date.now() + CODE_TTL_MS) } }),
    ]);
    return code;
  }

  /** When the last code was sent, to refuse resends inside the cooldown. */
  async lastIssuedAt(userId: string, purpose: EmailCodePurpose): Promise<Date | null> {
    const last = await this.prisma.emailCode.findFirst({ where: { userId, purpose }, orderBy: { createdAt: 'desc' }, select: { createdAt: true } });
    return last?.createdAt ?? null;
  }

  /** Checks a code; `consume` spends it (verify-reset-code only looks, reset-password spends). */
  async check(userId: string, purpose: EmailCodePurpose, code: string, consume: boolean): Promise<CodeCheck> {
    const current = await this.prisma.emailCode.findFirst({
      where: { userId, purpose, consumedAt: null, expiresAt: { gt: new Date() } },
      orderBy: { createdAt: 'desc' },
    });
    if (!current) return 'invalid';
    if (current.attempts >= CODE_MAX_ATTEMPTS) return 'too_many_attempts';
    if (!this.matches(current.codeHash, code)) {
      // The conditional update counts racing wrong guesses exactly: 5 attempts means 5, even in parallel.
      const counted = await this.prisma.emailCode.updateMany({
        where: { id: current.id, attempts: { lt: CODE_MAX_ATTEMPTS } },
        data: { attempts: { increment: 1 } },
      });
      return counted.count === 0 || current.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'too_many_attempts' : 'invalid';
    }
    if (!consume) return 'ok';
    // Spend it exactly once: of two racing uses of one code, one wins.
    const spent = await this.prisma.emailCode.updateMany({ where: { id: current.id, consumedAt: null }, data: { consumedAt: new Date() } });
    return spent.count === 1 ? 'ok' : 'invalid';
  }

  private digest(code: string): string {
    return createHmac('sha256', this.pepper).update(code).digest('hex');
  }

  private matches(storedHash: string, code: string): boolean {
    const a = Buffer.from(storedHash, 'hex');
    const b = Buffer.from(this.digest(code), 'hex');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
