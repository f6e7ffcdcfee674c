import { followMessages } from '@gavel/domain';

/** The following pages, in the account menu and the phone menu alike. */
export const FOLLOW_LINKS = [
  { to: '/my-bids', label: followMessages.myBidsTitle, testId: 'my-bids' },
  { to: '/watchlist', label: followMessages.watchlistTitle, testId: 'watchlist' },
  { to: '/won', label: followMessages.wonTitle, testId: 'won' },
  { to: '/my-sales', label: followMessages.mySalesTitle, testId: 'my-sales' },
] as const;
