/**
 * The stand-in's memory: Stripe objects by id, typed with the SDK's own definitions so a missing or
 * misspelt field is a compile error, plus what Stripe keeps to itself (the card behind each PaymentMethod).
 */
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { TestCard } from './cards.ts';
import { errors } from './errors.ts';
import type { Params } from './params.ts';

/** The API version Stripe SDK 23.1 pins; events are rendered in it. */
export const API_VERSION = '2026-10-28.endive';

export interface CardSecret {
  number: string;
  test: TestCard;
  /** Set up for future off-session use by a SetupIntent (3D Secure done once, as Stripe records it). */
  setUp: boolean;
}

export interface IntentAuth {
  kind: 'setup_intent' | 'payment_intent';
  /** How the PaymentIntent continues once the cardholder authenticates. */
  offSession: boolean;
}

export class State {
  /**
   * How long an uncaptured card authorisation lasts before the network cancels it (Stripe: 7 days for online card
   * payments), and how far the stand-in's clock runs ahead of the machine's (tests move it with advanceClock).
   */
  constructor(readonly holdLapseMs = 7 * 24 * 3600_000) {}
  clockOffsetMs = 0;
  /** The stand-in's time, in unix seconds: what it stamps on objects and what holds lapse by. */
  unixNow(): number {
    return Math.floor((Date.now() + this.clockOffsetMs) / 1000);
  }
  readonly customers = new Map<string, Stripe.Customer>();
  readonly paymentMethods = new Map<string, Stripe.PaymentMethod>();
  readonly cards = new Map<string, CardSecret>();
  readonly setupIntents = new Map<string, Stripe.SetupIntent>();
  readonly paymentIntents = new Map<string, Stripe.PaymentIntent>();
  readonly refunds = new Map<string, Stripe.Refund>();
  readonly verificationSessions = new Map<string, Stripe.Identity.VerificationSession>();
  readonly events = new Map<string, Stripe.Event>();
  /** Intents waiting on the test 3D Secure page. */
  readonly pendingAuth = new Map<string, IntentAuth>();
  /** Manual-capture intents' authorisations: when each lapses (unix seconds), shown as the charge's `capture_before`. */
  readonly captureBefore = new Map<string, number>();
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Stripe-looking ids: a type prefix and 24 random alphanumerics (`pi_3Q...`). */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}

export const clientSecretFor = (id: string) => `${id}_secret_${newId('x').slice(2)}`;
/** The machine's time, for what must be real (a webhook signature's timestamp, which receivers check against their clock). */
export const unixNow = () => Math.floor(Date.now() / 1000);

/** Looks an object up by id, answering Stripe's 404 resource_missing when there is none. */
export function find<T>(map: Map<string, T>, id: string, what: string, param = 'id'): T {
  const found = map.get(id);
  if (!found) throw errors.noSuch(what, id, param);
  return found;
}

export type Auth = 'secret' | 'publishable';

/**
 * With a publishable key (the browser, as Stripe.js) an intent may be read or confirmed only by presenting
 * its client secret; with the secret key a client secret, if sent, must still match.
 */
export function checkClientSecret(params: Params, auth: Auth, intent: { client_secret: string | null }, kind: 'PaymentIntent' | 'SetupIntent'): void {
  const given = params.string('client_secret');
  if (auth === 'publishable' && given === undefined) throw errors.publishableKeyNotAllowed();
  if (given !== undefined && given !== intent.client_secret) throw errors.clientSecretMismatch(kind);
}
