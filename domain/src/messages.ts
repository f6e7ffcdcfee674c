/** The spec's user-facing texts, written once; the api replies with them and the dapp shows them. */
export const messages = {
  browse: {
    emptyTitle: 'No Lots Available',
    emptyText: 'There are currently no active lots. Check back later for new listings.',
    loadFailed: 'Failed to load auctions. Please try again.',
    noImage: 'No Image Available',
    viewResults: 'View Results',
    viewAuction: 'View Auction',
    auctionNotFound: 'Auction not found',
    auctionNotFoundAdmin: 'Auction not found. It may have been deleted.',
    upcomingEstimate: 'Upon Request',
    noBids: 'No bids placed',
    logInForResults: 'Log in to view results',
  },
  newsletter: {
    invalidEmail: 'Please enter a valid email address',
    invalidEmailToast: 'Invalid email',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    agreeRequired: 'Please agree to receive our newsletter',
    alreadySubscribed: 'Already subscribed!',
    subscribed: 'Subscribed successfully!',
    failed: 'Subscription failed',
    failedFallback: 'Failed to subscribe. Please try again.',
  },
  cms: {
    pageNotFound: 'Page not found',
  },
  server: {
    notFound: 'Not found',
    internal: 'Server error occurred. Please try again later.',
    invalidRequest: 'Invalid request',
  },
} as const;
