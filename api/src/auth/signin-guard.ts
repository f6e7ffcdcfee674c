/**
 * Sign-in protection that a stranger cannot turn against an account's owner. Attempts are limited per address
 * (one address trying many accounts) and per account from one address (one address guessing one password).
 * Failures on one account from many addresses never lock it: past a few, an address that has not signed in to
 * the account lately gets one attempt per wait, the wait doubling with each further failure up to a ceiling,
 * while the addresses its owner signed in from keep signing in as before.
 */
import { messages } from '@gavel/domain';
import { type RateLimiter, tooManyRequests } from '../http/rate-limit.ts';
import type { RateLimitConfig } from '../http/rate-limit-config.ts';

/** Failures on an account are forgotten after this long without one. */
const FAILURES_REMEMBERED_S = 15 * 60;
/** An address the owner signed in from is theirs for this long. */
const OWNER_ADDRESS_REMEMBERED_S = 30 * 86_400;

export class SigninGuard {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: RateLimitConfig,
  ) {}

  /** Before the password is checked: refused (too many) when this address or this account must wait. */
  async admit(email: string, ip: string): Promise<void> {
    await this.limiter.hit(`signin:ip:${ip}`, this.limits.signinPerIp);
    await this.limiter.hit(`signin:account-ip:${email}:${ip}`, this.limits.signinPerAccount);
    if (await this.limiter.remembers(`signin:owner:${email}:${ip}`)) return;
    const failures = await this.limiter.current(`signin:failures:${email}`);
    const over = failures - this.limits.signinFreeFailures;
    if (over < 0) return;
    const waitMs = Math.min(this.limits.signinDelaySeconds * 2 ** over, this.limits.signinMaxDelaySeconds) * 1000;
    const msLeft = await this.limiter.takeTurn(`signin:turn:${email}`, waitMs);
    if (msLeft > 0) throw tooManyRequests(messages.auth.signinDelayed, msLeft);
  }

  /** A wrong password, or an e-mail with no account: counted the same, so the replies tell nothing about accounts. */
  async failed(email: string): Promise<void> {
    await this.limiter.count(`signin:failures:${email}`, FAILURES_REMEMBERED_S, true);
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await this.limiter.remember(`signin:owner:${email}:${ip}`, OWNER_ADDRESS_REMEMBERED_S);
  }
}
