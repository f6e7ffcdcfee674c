/**
 * The words of the payment screens and the api's payment errors. Zod-free, beside the payment schemas rather than in
 * them, so a page that only shows these words (the lot page) loads no schema code.
 */
export const paymentMessages = {
  // The spec's payment errors.
  loginToPay: 'Please log in to continue with payment.',
  login: 'Please log in to continue.',
  invalidAmount: 'Invalid payment amount.',
  invalidAuctionId: 'Invalid auction ID.',
  minimumUsd: 'Minimum payment amount is $0.50 USD for card payments.',
  minimumSats: 'Minimum payment amount is 50 sats ($0.50 USD) for card payments.',
  noClientSecret: 'No client secret received from server.',
  initFailed: 'Failed to initialize payment. Please try again.',
  initFailedTitle: 'Payment Initialization Failed',
  notReady: 'Payment system not ready.',
  failed: 'Payment failed.',
  // Not in the spec: decided here.
  verificationHold: 'A $1 verification hold is placed on your card and released within 5 days.',
  verifying: 'Verifying your card…',
  verified: 'Payment method verified',
  /** A card just added in the bid checkout passed its check: nothing is bid until the bidder confirms. */
  cardSavedBidNext: 'Your card is saved. Now confirm your bid.',
  /** A card refused for a reason Stripe gave no message for. */
  cardRefused: 'Your card could not be verified. Please try another card.',
  providerUnavailable: 'The payment service is unavailable. Please try again in a moment.',
  /** Above what one card payment can carry: the pay-later path (a bidding limit) is the way. */
  maximumUsd: 'A card payment can be at most $999,999.99. For more, ask us for a pay-later bidding limit on the support page.',
  /** No card hold or wallet stands behind the bid or purchase, and the pay-later allowance does not cover it. */
  noBiddingLimit: 'Bidding without a card needs a pay-later bidding limit. Bid by card, or ask us for a limit on the support page.',
  biddingLimitLeft: 'Your pay-later bidding limit has {available} left. Bid by card, or ask us for a higher limit on the support page.',
  webhookSignature: 'Invalid Stripe signature',
  /** No fresh price of the lot's coin: holding the card at an old one could hold too little. */
  cardBidsPaused: 'Card bids on this lot are paused: the {coin} price is unavailable. Please try again shortly.',
} as const;
