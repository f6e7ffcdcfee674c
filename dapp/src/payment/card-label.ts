import type { PaymentMethodReply } from '@gavel/domain';
import { brandName } from './card-input.ts';

/** "Visa •••• 4242", or null when no card is saved. */
export function cardLabel(method: PaymentMethodReply | undefined): string | null {
  if (!method?.last4) return null;
  return `${brandName(method.brand)} •••• ${method.last4}`;
}

/** A card bid is secured by a hold on the saved card, which must have passed its $1 verification. */
export function cardIsReady(method: PaymentMethodReply | undefined): boolean {
  return method?.status === 'verified';
}
