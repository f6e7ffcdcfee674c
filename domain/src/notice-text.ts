/**
 * The words of the notices a user's stream brings (ending soon, bid cancelled). Kept apart from their schemas: the
 * dapp's shell shows these notices on every page, and importing the words from a module that builds zod schemas
 * would ship and run zod before the first page could draw.
 */
import { fill, notificationMessages } from './messages.ts';
import type { BidCancelledNotification, EndingSoonNotification } from './schemas/notifications.ts';

/** "1 hour", "10 minutes", "1 hour 30 minutes". */
export function timeLeftText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [hours ? `${hours} hour${hours === 1 ? '' : 's'}` : '', rest ? `${rest} minute${rest === 1 ? '' : 's'}` : ''];
  return parts.filter(Boolean).join(' ');
}

/** "“Blue Bird” ends in 1 hour." */
export function endingSoonText(notice: Pick<EndingSoonNotification, 'auctionTitle' | 'minutesLeft'>): string {
  return fill(notificationMessages.endingSoonText, { title: notice.auctionTitle, time: timeLeftText(notice.minutesLeft) });
}

/** "“Lamp” was bought with Buy Now, so your bid of $120.00 on it was cancelled. The hold on your card for it has been released." */
export function bidCancelledText(notice: Pick<BidCancelledNotification, 'auctionTitle' | 'bidAmount' | 'cardHoldReleased'>): string {
  const text = fill(notificationMessages.bidCancelledText, { title: notice.auctionTitle, amount: notice.bidAmount });
  return notice.cardHoldReleased ? `${text} ${notificationMessages.bidCancelledHoldReleased}` : text;
}
