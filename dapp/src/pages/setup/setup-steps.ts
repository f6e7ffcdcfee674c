/**
 * The four things a bidder sets up, in the order the bidding checks ask for them, with
 * each one's state for the /complete-setup hub and the "what next" after each step.
 */
import type { User } from '@gavel/domain';
import { pendingBidReturn } from '../../session/return-path.ts';

export type StepKey = 'profile' | 'identity' | 'payment' | 'terms';
export type StepState = 'done' | 'pending' | 'rejected' | 'todo';

export interface SetupStep {
  key: StepKey;
  title: string;
  description: string;
  route: string;
  state: StepState;
}

const STEPS: readonly Omit<SetupStep, 'state'>[] = [
  { key: 'profile', title: 'Basic details', description: 'Your name, address, phone number and date of birth.', route: '/basic-details' },
  { key: 'identity', title: 'Identity verification', description: 'A photo of your passport, ID card or driving licence.', route: '/identity-verification' },
  { key: 'payment', title: 'Payment method', description: 'The card that secures your bids, checked with a $1 hold.', route: '/payment-details' },
  { key: 'terms', title: 'Terms and conditions', description: 'Say who you bid for and accept the terms.', route: '/profile#terms' },
];

function stateOf(key: StepKey, user: User): StepState {
  switch (key) {
    case 'profile':
      return user.isProfileComplete ? 'done' : 'todo';
    case 'identity':
      if (user.identityVerified) return 'done';
      return user.kycStatus === 'pending' ? 'pending' : user.kycStatus === 'rejected' ? 'rejected' : 'todo';
    case 'payment':
      return user.hasValidPaymentMethod ? 'done' : 'todo';
    case 'terms':
      return user.termsAccepted ? 'done' : 'todo';
  }
}

export function setupSteps(user: User): SetupStep[] {
  return STEPS.map((step) => ({ ...step, state: stateOf(step.key, user) }));
}

/** The first step the user can act on now (a check under review waits for the admin, not for them). */
export function nextStep(user: User): SetupStep | null {
  return setupSteps(user).find((step) => step.state === 'todo' || step.state === 'rejected') ?? null;
}

/**
 * Where to go after finishing a step: the next step to act on, else the hub while a check is under review, else
 * back to the lot a check before bidding sent them from, else the profile.
 */
export function afterStepRoute(user: User): string {
  const next = nextStep(user);
  if (next) return next.route;
  return setupSteps(user).some((step) => step.state !== 'done') ? '/complete-setup' : (pendingBidReturn() ?? '/profile');
}

export const stepLabels: Record<StepState, string> = {
  done: 'Complete',
  pending: 'Under review',
  rejected: 'Action needed',
  todo: 'To do',
};
