/**
 * Who may bid, and in which order the checks are made (the spec's "Checks before bidding").
 * The api answers the first failed gate with a 403 and its message; the lot page lists every gate still to pass.
 */
import { messages } from './messages.ts';

/** Who a bidder bids for, asked once with the terms (the termsAccepted gate): on their own account or another's. */
export const BIDDING_FOR = ['myself', 'someone_else'] as const;

export const GATES = ['signedIn', 'emailVerified', 'profileComplete', 'identityVerified', 'paymentMethod', 'termsAccepted'] as const;
export type Gate = (typeof GATES)[number];

export interface GatedUser {
  emailVerified: boolean;
  isProfileComplete: boolean;
  identityVerified: boolean;
  hasValidPaymentMethod: boolean;
  termsAccepted: boolean;
}

export interface GateFailure {
  gate: Gate;
  message: string;
  redirect: string;
}

const failures: Record<Gate, Omit<GateFailure, 'gate'>> = {
  signedIn: { message: messages.gates.signIn, redirect: '/signin' },
  emailVerified: { message: messages.gates.verifyEmail, redirect: '/verify-email' },
  profileComplete: { message: messages.gates.profile, redirect: '/complete-setup' },
  identityVerified: { message: messages.gates.identity, redirect: '/identity-verification' },
  paymentMethod: { message: messages.gates.paymentMethod, redirect: '/payment-details' },
  termsAccepted: { message: messages.gates.terms, redirect: '/profile' },
};

const passes: Record<Exclude<Gate, 'signedIn'>, (u: GatedUser) => boolean> = {
  emailVerified: (u) => u.emailVerified,
  profileComplete: (u) => u.isProfileComplete,
  identityVerified: (u) => u.identityVerified,
  paymentMethod: (u) => u.hasValidPaymentMethod,
  termsAccepted: (u) => u.termsAccepted,
};

/** The first of `required` gates (in the spec's order) that the user fails, or null when all pass. */
export function firstFailedGate(user: GatedUser | null, required: readonly Gate[] = GATES): GateFailure | null {
  for (const gate of GATES) {
    if (!required.includes(gate)) continue;
    const ok = gate === 'signedIn' ? user !== null : user !== null && passes[gate](user);
    if (!ok) return { gate, ...failures[gate] };
  }
  return null;
}

/** A check a signed-in user has still to pass: what to do, and the page to do it on (null: nothing to do but wait). */
export interface GateStep {
  gate: Exclude<Gate, 'signedIn'>;
  label: string;
  redirect: string | null;
}

/** The identity check's state, when known: one under review waits for the admin, not for the user. */
export type KycState = 'not_submitted' | 'pending' | 'approved' | 'rejected';

/**
 * Every check after signing in that `user` still fails, in the spec's order, as the lot page lists them for a bidder
 * who cannot bid yet (and the identity mail says what is left). Unlike firstFailedGate, this lists them all.
 */
export function gatesLeft(user: GatedUser & { kycStatus?: KycState }, required: readonly Gate[] = GATES): GateStep[] {
  const steps = messages.gates.steps;
  const left: GateStep[] = [];
  for (const gate of GATES) {
    if (gate === 'signedIn' || !required.includes(gate) || passes[gate](user)) continue;
    if (gate === 'identityVerified' && user.kycStatus === 'pending') left.push({ gate, label: steps.identityPending, redirect: null });
    else if (gate === 'identityVerified' && user.kycStatus === 'rejected') left.push({ gate, label: steps.identityRejected, redirect: failures[gate].redirect });
    else left.push({ gate, label: steps[gate], redirect: failures[gate].redirect });
  }
  return left;
}

/** Where a user lands after signing in (the spec's "Sign-in redirect"). */
export function signInRedirect(user: Pick<GatedUser, 'identityVerified' | 'isProfileComplete' | 'hasValidPaymentMethod'> & { role?: string }): string {
  // An admin comes to run the site, not to bid: the bidder's setup checklist is not theirs.
  if (user.role === 'admin') return '/s/admin';
  if (!user.identityVerified) return '/complete-setup';
  if (!user.isProfileComplete) return '/basic-details';
  if (!user.hasValidPaymentMethod) return '/complete-setup';
  return '/';
}
