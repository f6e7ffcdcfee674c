import { firstFailedGate, GATES, type Gate, type GatedUser } from '@gavel/domain';

const ALL_PASS: GatedUser = { emailVerified: true, isProfileComplete: true, identityVerified: true, hasValidPaymentMethod: true, termsAccepted: true };
const FIELD: Record<Exclude<Gate, 'signedIn'>, keyof GatedUser> = {
  emailVerified: 'emailVerified',
  profileComplete: 'isProfileComplete',
  identityVerified: 'identityVerified',
  paymentMethod: 'hasValidPaymentMethod',
  termsAccepted: 'termsAccepted',
};

/**
 * The page that fixes a gate the api refused a bid for (403 code `gate_<name>`), or null for other errors.
 * The dapp checks the gates first, but the api can know better (a card flagged but never saved with Stripe).
 */
export function gateRedirect(code: string | undefined): string | null {
  const gate = code?.startsWith('gate_') ? code.slice('gate_'.length) : null;
  if (!gate || !(GATES as readonly string[]).includes(gate)) return null;
  if (gate === 'signedIn') return '/signin';
  const name = gate as Exclude<Gate, 'signedIn'>;
  return firstFailedGate({ ...ALL_PASS, [FIELD[name]]: false }, [name])?.redirect ?? null;
}
