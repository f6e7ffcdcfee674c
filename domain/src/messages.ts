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
    // The browse grid's heading for screen readers, between the page's title and the cards' titles.
    lotsHeading: 'Lots',
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
  // Decided: the support page's contact form (the spec names the page, not its contents).
  support: {
    nameRequired: 'Please enter your name',
    nameTooLong: 'Your name must be at most 100 characters',
    subjectRequired: 'Please enter a subject',
    subjectTooLong: 'The subject must be at most 150 characters',
    messageRequired: 'Please write your message',
    messageTooShort: 'Your message must be at least 10 characters',
    messageTooLong: 'Your message must be at most 5000 characters',
    sent: 'Message sent. We have e-mailed you a copy and will reply to you there.',
    failed: 'Failed to send your message. Please try again.',
    handled: 'Marked as handled',
    reopened: 'Marked as open again',
    notFound: 'Support request not found',
  },
  auth: {
    accountCreated: 'Account created successfully. Please verify your email.',
    welcomeBack: 'Welcome back!',
    emailVerified: 'Email verified successfully!',
    resetCodeSent: 'Reset code sent! Please check your email.',
    codeVerified: 'Code verified successfully!',
    passwordReset: 'Password reset successfully!',
    passwordUpdated: 'Password updated successfully.',
    profileUpdated: 'Profile updated successfully!',
    loggedOut: 'Logged out successfully!',
    codeSent: 'A new code is on its way. Please check your email.',
    invalidCredentials: 'Invalid email or password',
    emailTaken: 'An account with this email already exists',
    emailNotVerified: 'Please verify your email before signing in',
    invalidCode: 'Invalid or expired code',
    tooManyAttempts: 'Too many attempts. Please request a new code.',
    alreadyVerified: 'Email is already verified',
    resendTooSoon: 'Please wait before requesting another code',
    wrongPassword: 'Current password is incorrect',
    tooManyRequests: 'Too many requests. Please try again later.',
    // Decided: the account-wide wait after many failed sign-ins, and the daily cap on wrong reset codes.
    signinDelayed: 'Too many failed sign-ins for this account. Please try again in {wait}.',
    resetCodesCapped: 'Too many wrong codes for this account. Please try again in {wait}.',
    unauthorized: 'Please sign in to continue',
    sessionExpired: 'Your session has expired. Please sign in again.',
    forbiddenRole: 'You do not have permission to do this',
    userNotFound: 'User not found',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Password must be at least 8 characters',
    passwordTooLong: 'Password must be at most 128 characters',
    passwordWeak: 'Password must contain a letter and a number',
    passwordsDiffer: 'Passwords do not match',
    passwordUnchanged: 'New password must be different from the current one',
    codeRequired: 'Code is required',
    codeFormat: 'Code must be 6 digits',
    userIdRequired: 'userId is required',
    firstNameRequired: 'First name is required',
    lastNameRequired: 'Last name is required',
    phoneRequired: 'Phone number is required',
    phoneFormat: 'Please enter a valid phone number',
    countryRequired: 'Country is required',
    cityRequired: 'City is required',
    addressRequired: 'Address is required',
    postCodeRequired: 'Postal code is required',
    dateOfBirthRequired: 'Date of birth is required',
    dateOfBirthFormat: 'Date of birth must be a valid date (YYYY-MM-DD)',
    underAge: 'You must be at least 18 years old',
    failedSignup: 'Failed to create account',
    failedSignin: 'Failed to sign in',
    failedVerify: 'Failed to verify email',
    failedSendReset: 'Failed to send reset code',
    failedReset: 'Failed to reset password',
    failedUpdatePassword: 'Failed to update password',
    failedResend: 'Failed to resend code.',
    failedUpdateProfile: 'Failed to update profile',
    failedAcceptTerms: 'Failed to accept terms',
    failedLogout: 'Failed to logout',
  },
  terms: {
    accepted: 'Terms and conditions accepted successfully!',
    biddingForRequired: 'Please select who you are bidding for',
    checkboxRequired: 'Please accept the terms and conditions',
  },
  identity: {
    submitted: 'Identity verification submitted. We will review it shortly.',
    submitFailed: 'Failed to submit identity verification',
    approvedNow: 'Identity verified successfully!',
    legalNameRequired: 'Legal name is required',
    countryRequired: 'Country is required',
    documentTypeRequired: 'Please choose a document type',
    documentNumberRequired: 'Document number is required',
    documentNumberFormat: 'Document number must be 4 to 30 letters or digits',
    documentRequired: 'Please upload an image of your document',
    documentType: 'Please upload a JPEG, PNG or WebP image, or a PDF',
    documentTooLarge: 'The document must be smaller than 10MB',
    documentNotFound: 'No document is stored for this identity check',
    alreadyVerified: 'Your identity is already verified',
    alreadyPending: 'Your identity check is already under review',
    kycStatusRequired: 'kycStatus must be approved, rejected or pending',
    reasonRequired: 'Please give a reason for the rejection',
    kycUpdated: 'KYC status updated successfully',
    kycUpdateFailed: 'Failed to update KYC status',
    paymentVerificationUpdated: 'Payment verification updated successfully',
    biddingLimitUpdated: 'Bidding limit updated',
    biddingLimitFormat: 'Enter the bidding limit in US dollars, e.g. 2500 or 2500.00',
  },
  bids: {
    placed: 'Bid placed successfully!',
    failed: 'Failed to place bid',
    // The bid modal's inline error heads the reason with this; a BTC offer signed but not placed by finalize is the other default.
    placementFailed: 'Bid placement failed',
    finalizeFailed: 'Failed to finalize bid',
    amountRequired: 'Please enter a bid amount',
    invalidAmount: 'Invalid bid amount',
    tooLow: 'Bid must be at least {minimum} {unit}',
    // Decided: maximum (proxy) bids.
    outbidByMaximum: 'You were outbid by an earlier maximum bid',
    /** The bid dialog's headings: the toast already says the reply's message, so the dialog says where the bid stands. */
    placedLead: 'You are the highest bidder',
    outbidLead: 'Placed, but not leading',
    maximumTooLow: 'Your maximum must be at least {minimum} {unit}',
    invalidMaximum: 'Invalid maximum bid',
    maximumRule: 'Gavel bids for you, one increment at a time, up to your maximum. Others see only the price.',
    yourMaximum: 'Your maximum: {amount}',
    maximumExceeded: 'Your maximum of {amount} was exceeded',
    // Decided: the confirmation of a maximum set or changed by the bidder who already leads (the price does not move).
    priceStays: 'The price stays at {price}: you already lead.',
    maximumRaised: 'Your maximum is raised to {maximum}.',
    maximumLowered: 'Your maximum is lowered to {maximum}.',
    maximumNotOnChain: 'A wallet bid on chain has no maximum: whatever a wallet sends on chain is public. Choose your card to set one',
    notStarted: 'Bidding has not started yet',
    ended: 'This auction has ended',
    cancelled: 'This auction was cancelled',
    ownLot: 'You cannot bid on your own lot',
    ethOnChain: 'Bids on ETH lots are placed on-chain from your Ethereum wallet',
    walletRequired: 'Please connect your wallet to place a crypto bid.',
    walletNotLinked: 'This wallet is not linked to your account',
    extended: 'Bid placed in the final {minutes} minutes: the auction now ends at {endTime}',
    bidNotFound: 'Bid not found',
    withdrawn: 'Bid withdrawn',
    removed: 'Bid removed',
    cannotWithdrawHighest: 'The highest bid cannot be withdrawn',
    // Decided: a bid that no longer stands (cancelled by a Buy Now or a relisting) has nothing to withdraw.
    notWithdrawable: 'Only an outbid bid can be withdrawn',
    notYourBid: 'You can only withdraw your own bids',
    noWinner: 'No winner found for this auction. It may not have met the reserve price.',
    outbidTitle: "You've been outbid",
    // Decided: a bid a Buy Now cancelled, as the lot's history and the bidder's My bids name it.
    cancelledByBuyNow: 'Cancelled: bought with Buy Now',
    outbidMessage: 'You have been outbid on {title}. The current bid is {amount}.',
    // Decided: a leading Bitcoin bid removed because its offer's inputs were spent.
    offerSpentMessage: 'Your bid of {bid} on {title} was removed: its Bitcoin offer can no longer be completed because one of its inputs was spent. The current bid is {amount}.',
    leadingAgainTitle: 'You are the highest bidder again',
    leadingAgainMessage: 'You are the highest bidder again on {title} at {amount}: a higher bid was removed because its Bitcoin offer can no longer be completed.',
    // Decided: a card bid that would lead again (the bid above it was removed) but whose card refused a new hold.
    cardRefusedMessage: 'Your card bid of {bid} on {title} was removed: it would have been the highest again, but your card could not be held for it. The current bid is {amount}.',
    // Decided: a leading card bid whose hold ran out at Stripe (7 days) and could not be renewed on the card.
    holdLapsedMessage:
      'Your card bid of {bid} on {title} was removed: card holds last only days, and your card could not be held for it again. The current bid is {amount}. Check your card and bid again.',
    // Decided: the same for a card bid on an on-chain lot, which stays on chain but is no longer raised for its bidder.
    relayedHoldLapsedMessage:
      'Your card bid of {bid} on {title} is no longer backed: card holds last only days, and your card could not be held for it again, so it will not be raised for you. Check your card and bid again.',
    // Decided: such a card bid with a maximum the card cannot carry, led at the price its card could be held for.
    maximumLoweredTitle: 'You are the highest bidder again, up to a lower maximum',
    maximumLoweredMessage:
      'You are the highest bidder again on {title} at {amount}, but your card could not be held for your maximum of {maximum}: your bid now goes no higher than {held}. Bid again to go higher.',
    increaseBid: 'Increase Bid',
    viewAuction: 'View Auction',
    withdrawFailed: 'Failed to withdraw bid',
    signFailed: 'Bid placed but failed to sign transaction. Please try again.',
  },
  gates: {
    signIn: 'Please sign in first to continue.',
    verifyEmail: 'Please verify your email first.',
    profile: 'Please complete your profile setup first.',
    identity: 'Please verify your identity first.',
    paymentMethod: 'Please set up your payment method first.',
    terms: 'Please accept terms and conditions before bidding.',
    // Decided: the lot page's list of what is left before a first bid (and the identity mail's), in the checks' order.
    notReady: 'You can bid once the steps below are done.',
    leftHeading: 'Before you can bid',
    steps: {
      emailVerified: 'Verify your e-mail address',
      profileComplete: 'Complete your profile',
      identityVerified: 'Verify your identity',
      identityPending: 'Your identity is under review: we will e-mail you',
      identityRejected: 'Your identity check was not approved: submit it again',
      paymentMethod: 'Add a payment method',
      termsAccepted: 'Accept the terms and conditions',
    },
  },
  events: {
    // Decided: the event stream's refusals (a session token in a URL lands in logs and browser history).
    tokenInQuery: 'The event stream does not accept a session token in its address. Ask POST /events/ticket for a ticket and open /events?ticket=<ticket>.',
    ticketRefused: 'This event stream ticket is invalid, used or expired. Ask for a new one.',
  },
  // Decided: the refusals of the routes limited per user and per address ({wait}: when to retry, in words).
  rateLimits: {
    bids: 'You are bidding too fast. Please try again in {wait}.',
    cardSetup: 'Too many attempts to add a card. Please try again in {wait}.',
    uploads: 'Too many uploads. Please try again in {wait}.',
    walletConnect: 'Too many wallet connection attempts. Please try again in {wait}.',
    inscriptions: 'Too many inscription requests. Please try again in {wait}.',
    subscribe: 'Too many subscription attempts. Please try again in {wait}.',
    support: 'Too many messages sent. Please try again in {wait}.',
    unsubscribe: 'Too many unsubscribe attempts. Please try again in {wait}.',
    eventStream: 'Too many live update connections. Please try again in {wait}.',
    rpc: 'Too many chain reads. Please try again in {wait}.',
    lookups: 'Too many lookups. Please try again in {wait}.',
    payments: 'Too many payment attempts. Please try again in {wait}.',
    passwordChange: 'Too many password changes. Please try again in {wait}.',
  },
  server: {
    notFound: 'Not found',
    internal: 'Server error occurred. Please try again later.',
    invalidRequest: 'Invalid request',
    busy: 'Gavel is very busy right now. Please try again in a moment.',
  },
} as const;

/** Fills a catalogue template's {placeholders}. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/**
 * What the lot page's countdown tells a screen reader, politely and only when something changes: the seconds
 * ticking are shown, never read out.
 */
export const countdownMessages = {
  started: 'Bidding is open',
  ended: 'Bidding has ended',
  cancelled: 'This auction was cancelled',
  minutesLeft: '{minutes} minutes left',
  oneMinuteLeft: '1 minute left',
} as const;

/**
 * Card bids, Buy Now, cart and final checkout. The spec's own payment error texts are
 * `paymentMessages` in schemas/payment.ts; these are the ones the spec does not give, decided here.
 */
export const checkoutMessages = {
  // The spec's error catalogue: successes and failures.
  purchased: 'Auction purchased successfully!',
  purchaseFailed: 'Purchase failed.',
  // Decided here.
  buyNowUnavailable: 'Buy Now is not available for this auction.',
  buyNowPriceReached: 'Buy Now is no longer available: bidding has reached the Buy Now price.',
  buyNowMethod: 'This lot cannot be bought with {method}.',
  paymentIntentRequired: 'Please complete the card payment first.',
  paymentMismatch: 'This payment is not for this auction.',
  cardUsdOnly: 'Card payments are available for USD lots only. Pay Bitcoin and Ethereum lots from your wallet.',
  invalidCurrency: 'Invalid payment currency.',
  selectLots: 'Please select at least one lot to pay for.',
  notOwed: 'This lot is not awaiting your payment.',
  alreadyPaid: 'This lot is already paid.',
  paymentProcessing: 'The payment for this lot is already being processed.',
  mixedCurrencies: 'Lots in different currencies cannot be paid together.',
  paid: 'Payment received. Thank you!',
  notHeld: 'No card hold of yours stands for this lot.',
  heldNote: 'Your card is held for this lot and charged automatically by {time}.',
  buyNowOfferRequired: 'Sign the Buy Now offer in your wallet first.',
  buyNowOfferNotFound: 'This Buy Now offer was not found. Please start again.',
  buyNowOfferExpired: 'This Buy Now offer expired before it was signed. Please start again.',
  buyNowOfferUsed: 'This Buy Now offer was already used.',
  signToBuy: 'Sign the transaction in your wallet to buy this lot',
} as const;

/**
 * Admin area and seller settlement. The spec's texts are marked; the rest are
 * decided here so api and dapp say the same thing.
 */
export const adminMessages = {
  // The spec's lot edit form rules.
  titleRequired: 'Title is required',
  endAfterStart: 'End time must be after start time',
  cannotEditEnded: 'Cannot Edit Ended Auction.',
  // Decided: the rest of the lot form's rules, which the spec states without texts.
  startTimeRequired: 'Start time is required',
  endTimeRequired: 'End time is required',
  startTimeInvalid: 'Start time must be a valid date',
  endTimeInvalid: 'End time must be a valid date',
  startTimeLocked: 'The start time of a live auction cannot be changed',
  endBeforeLiveStart: 'End time cannot be before the current start time',
  endInPast: 'End time must be in the future',
  startBeforeEvent: 'Start time cannot be before the auction event starts ({eventStart})',
  endAfterEvent: 'End time cannot be after the auction event ends ({eventEnd})',
  startingBidPositive: 'Starting bid must be greater than 0',
  startingBidRequired: 'Starting bid is required',
  amountInvalid: 'Please enter a valid amount in {unit}',
  reserveNotNegative: 'Reserve price cannot be negative',
  buyNowPriceRequired: 'Buy Now price must be greater than 0 when Buy Now is enabled',
  buyNowBelowStart: 'Buy Now price must be at least the starting bid',
  estimateOrder: 'High estimate must be at least the low estimate',
  cannotEditCancelled: 'Cannot Edit Cancelled Auction.',
  lockedByBids: 'The starting bid and payment method cannot be changed once bids have been placed',
  // The spec's error catalogue: lot update and upload.
  auctionNotFound: 'Auction not found. It may have been deleted.',
  notAuthorized: 'You are not authorized. Please log in again.',
  noPermission: 'You do not have permission to perform this action.',
  serverError: 'Server error occurred. Please try again later.',
  invalidFile: 'Invalid File',
  fileTooLarge: 'File Too Large',
  uploadFailed: 'Upload Failed',
  uploadFailedDetail: 'Failed to upload image. Please try again.',
  // The spec's validation rules: the admin lot form's image checks, and the storage upload's.
  selectValidImage: 'Please select a valid image file.',
  selectSmallerImage: 'Please select an image smaller than 10MB.',
  uploadValidImage: 'Please upload a valid image file (JPEG, PNG, WebP, or SVG)',
  uploadSmallerImage: 'Image size should be less than 10MB',
  // The spec's error catalogue: defaults.
  createFailed: 'Failed to create auction',
  updateKycFailed: 'Failed to update KYC status',
  // Decided: lots and events.
  lotCreated: 'Auction lot created successfully',
  lotUpdated: 'Auction lot updated successfully',
  lotDeleted: 'Auction lot deleted',
  lotPublished: 'Auction lot published',
  lotEnded: 'Auction ended',
  lotCancelled: 'Auction cancelled',
  lotHasBids: 'A lot with bids cannot be deleted. Cancel it instead.',
  alreadyEnded: 'This auction has already ended',
  alreadyCancelled: 'This auction was already cancelled',
  endNotStarted: 'This auction has not started yet. Cancel it instead.',
  editConflict: 'The auction changed while you were saving. Please try again.',
  endsOnChain: 'This auction runs on the auction house contract: end or cancel it there.',
  eventRequired: 'Please choose an auction event',
  eventNotFound: 'Auction event not found',
  eventCreated: 'Auction event created successfully',
  eventUpdated: 'Auction event updated successfully',
  eventDeleted: 'Auction event deleted',
  eventPublished: 'Auction event published',
  eventHasBids: 'An auction event whose lots have bids cannot be deleted',
  slugTaken: 'This slug is already used by another auction event',
  slugFormat: 'Slug may contain only lower-case letters, digits and hyphens',
  paymentMethodRequired: 'Please choose a payment method (BTC, ETH or Manual)',
  // Decided: content.
  pageTitleRequired: 'Title is required',
  pageContentRequired: 'Content is required',
  pageSlugFormat: 'Slug may contain only lower-case letters, digits and hyphens',
  pageExists: 'A page with this slug already exists',
  pageSaved: 'Page saved successfully',
  pageDeleted: 'Page deleted',
  linkUrlRequired: 'Please enter a URL for the link',
  // Decided: whitelist and policies.
  notWhitelisted: 'This auction is open to whitelisted bidders only.',
  whitelistTarget: 'Enter a wallet address or an e-mail address (one of them)',
  whitelistDuplicate: 'This entry is already on the whitelist',
  whitelistAdded: 'Added to the whitelist',
  whitelistUpdated: 'Whitelist entry updated',
  whitelistRemoved: 'Removed from the whitelist',
  whitelistNotFound: 'Whitelist entry not found',
  policyNotFound: 'Policy not found',
  policyPublishedLocked: 'A published policy cannot be changed. Create a new version instead.',
  policySaved: 'Policy saved',
  policyDeleted: 'Policy deleted',
  policyPublished: 'Policy published as version {version}',
  policyKindRequired: 'Please choose the policy type',
  noTermsPublished: 'No terms have been published yet',
} as const;

/** Seller and admin settlement of ended lots: the panel, the ended auction flow and their texts. */
export const settlementMessages = {
  // The spec's error catalogue: seller and admin.
  paymentVerified: 'Payment verified successfully!',
  verifyFailed: 'Failed to verify payment',
  transferred: 'Auction marked as transferred!',
  transferFailed: 'Failed to mark auction as transferred',
  noWinner: 'No winner found for this auction. It may not have met the reserve price.',
  markPaidFailed: 'Failed to mark auction as paid',
  transferInscriptionFailed: 'Failed to transfer inscription',
  // The spec's validation rules.
  transferHashRequired: 'Please enter the transfer transaction hash',
  txHashRequired: 'Please enter transaction hash',
  // The spec's settlement panel.
  complete: 'Auction Complete',
  // Decided.
  markedPaid: 'Auction marked as paid',
  notEnded: 'This auction has not ended yet',
  notPaidYet: 'Payment must be verified before the transfer can be recorded',
  alreadyTransferred: 'This auction is already marked as transferred',
  auctionTypeMismatch: 'auctionType does not match this auction ({auctionType})',
  notSeller: 'Only the seller of this lot or an admin can do this',
  swapRecorded: 'This auction is settled on chain by its swap transaction {txid}: payment and transfer are recorded when it confirms',
  hashFormat: 'Transaction hash may contain only letters and digits (up to 128)',
  transferReferenceRequired: 'Please enter the shipping or transfer reference',
  transferReferenceFormat: 'The shipping or transfer reference must be plain text of at most 200 characters',
  awaitingWinnerWallet: 'The winner has not linked a Bitcoin wallet yet: the inscription goes to the first one they link.',
  messageRequired: 'Please write a message to the winner',
  messageTooLong: 'The message to the winner must be at most 2000 characters',
  messageSent: 'Your message was sent to the winner through Gavel',
  messageFailed: 'Failed to send your message to the winner',
  winnerNotReachable: 'The winner of this lot has no Gavel account to write to',
} as const;

/** Bitcoin offer settlement (the PSBT calls). */
export const psbtMessages = {
  // The spec's error catalogue: PSBT and wallet.
  finalizeFailed: 'Failed to finalize PSBT',
  templateFailed: 'Failed to create winner PSBT template',
  saveSellerFailed: 'Failed to save seller signature',
  noTemplate: 'No PSBT template found. Ask the winner to initiate claim first.',
  wonByCard: 'This auction was won by a card bid: the seller transfers the inscription once the card payment is taken',
  sellerSignFailed: 'Seller sign failed',
  walletMismatch: 'Connected wallet does not match seller address',
  // Decided.
  broadcast: 'Seller signature saved: the swap transaction is broadcast',
  alreadySettled: 'This auction is already settled on chain',
  offerInvalid: 'The winning offer is no longer valid: {reason}',
  templateCreated: 'Sign the claim transaction in your wallet',
  claimed: 'Claim signed: the seller can now complete the transfer',
  settledByHand: 'This auction is already marked as paid or transferred: its on-chain swap can no longer be signed',
  notEnded: 'This auction has not ended yet: there is nothing to claim',
  claimUsed: 'This claim was already signed. Start a new claim if the seller could not complete it.',
  offerStillValid: 'The winning offer is still valid: the seller can co-sign it, no claim is needed',
  walletNotProved: 'The seller wallet must be linked to your account, or be the wallet that signed the inscription input',
} as const;

/** Following: the watchlist hearts, My bids, Won and My sales. */
export const followMessages = {
  watch: 'Watch {title}',
  /** The lot page's watch button shows this word alone (its accessible name is `watch`, naming the lot). */
  watchShort: 'Watch',
  watchFailed: 'Failed to update your watchlist',
  watchlistTitle: 'Watchlist',
  myBidsTitle: 'My bids',
  wonTitle: 'Won',
  mySalesTitle: 'My sales',
  noWatched: 'You are not watching any lot yet',
  noBids: 'You have not bid on any lot yet',
  noBidsInState: 'No {state} bids',
  noWins: 'You have not won any lot yet',
  noSales: 'You are not selling any lot yet',
  browseLots: 'Browse auctions',
  loadFailed: 'This list could not be loaded.',
  retry: 'Try again',
} as const;

/** Being told (decided): the ending-soon notice, the e-mail preferences and the unsubscribe link. */
export const notificationMessages = {
  endingSoonTitle: 'Ending soon',
  endingSoonText: '“{title}” ends in {time}.',
  // A Buy Now ended a lot the user had bid on: their bid is gone, and any money it held is back.
  bidCancelledTitle: 'Your bid was cancelled',
  bidCancelledText: '“{title}” was bought with Buy Now, so your bid of {amount} on it was cancelled.',
  bidCancelledHoldReleased: 'The hold on your card for it has been released.',
  preferencesSaved: 'Notification preferences saved',
  preferencesFailed: 'Failed to save your notification preferences. Please try again.',
  preferencesLoadFailed: 'Failed to load your notification preferences.',
  nothingToChange: 'Name at least one preference to change (emailOutbid, emailEndingSoon, emailWon, or a push kind such as pushOutbid)',
  unsubscribed: 'You will no longer receive {kind}. You can turn them back on in your profile.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Change your e-mail preferences in your profile instead.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

/** Web Push (schemas/push.ts): the words of each push, and the preferences page's answers about this device. */
export const pushMessages = {
  outbidTitle: 'Outbid on “{title}”',
  maximumExceededTitle: 'Your maximum on “{title}” was exceeded',
  yourBid: 'Your bid was {amount}.',
  yourMaximum: 'Your maximum was {amount}.',
  priceNow: 'The price is now {amount}.',
  endingSoonTitle: 'Ending soon',
  wonTitle: 'You won “{title}”',
  wonBody: 'Your winning bid: {amount}. Open the lot for what happens next.',
  paymentDueTitle: 'Payment due: “{title}”',
  paymentDueBody: 'Pay from your cart by {by}, or the purchase is cancelled.',
  subscriptionInvalid: 'This browser sent a push subscription Gavel cannot use.',
  serviceNotAllowed: 'Gavel does not send notifications through this push service.',
  subscribed: 'This device will get the notifications you turn on.',
  unsubscribed: 'This device will no longer get notifications.',
  unsupported: 'This browser cannot show notifications from Gavel (on an iPhone, add Gavel to your home screen first).',
  permissionDenied: 'Notifications are blocked for Gavel in this browser. Allow them in the browser’s site settings, then try again.',
  subscribeFailed: 'This device could not be set up for notifications. Please try again.',
} as const;

/** Lots that close in turn (an event's first close and interval): the admin form's and the event page's words. */
export const closeInTurnMessages = {
  firstCloseInvalid: 'First close must be a valid date and time',
  firstCloseAfterStart: 'First close must be after the event starts',
  bothOrNeither: 'Set both the first close and the interval, or neither',
  intervalRange: 'Interval must be a whole number of seconds from 1 to 86,400',
  lotStartsAfterClose: 'A lot would close before it starts: choose a later first close',
  /** The event page: "Lots close in turn, one every 1 minute, from ...". */
  summary: 'Lots close in turn, one every {interval}, from',
} as const;

/** Consignment intake (schemas/consignment.ts): the Sell form, the consignor's list and the admin review. */
export const consignmentMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  holdingRequired: 'Choose how the item is held: inscription, NFT or off-chain',
  inscriptionIdRequired: 'Inscription id is required for an inscription',
  inscriptionIdFormat: 'Inscription id must be a transaction id followed by i and a number (e.g. abc…123i0)',
  contractAddressRequired: 'Contract address is required for an NFT',
  contractAddressFormat: 'Contract address must be 0x followed by 40 hexadecimal characters',
  tokenIdRequired: 'Token id is required for an NFT',
  tokenIdFormat: 'Token id must be a whole number',
  estimateFormat: 'Estimate must be an amount in US dollars, e.g. 1,500.00',
  estimateOrder: 'Low estimate must not be above the high estimate',
  tooManyImages: 'Add at most 10 images',
  imageUrl: 'Images must be uploaded through the form',
  imageType: 'Please upload a JPEG, PNG or WebP image',
  reasonRequired: 'A reason is required to decline a consignment',
  submitted: 'Thank you: your item was submitted for review',
  accepted: 'Consignment accepted: the lot was created in the event',
  declined: 'Consignment declined: the consignor was e-mailed the reason',
  notFound: 'Consignment not found',
  alreadyReviewed: 'This consignment was already reviewed',
  myTitle: 'My consignments',
  noneYet: 'You have not submitted any items yet.',
  signInToSell: 'Sign in to submit an item for sale.',
  declinedMailSubject: 'About the item you offered: {title}',
} as const;

/** The house's rates (house-rates.ts): the buyer's premium and seller's commission per event. */
export const houseRateMessages = {
  commissionOnChain: 'A seller’s commission on ETH lots is the auction contract’s fee, kept from the winning bid at settlement: leave the event’s ETH commission at 0%.',
  premiumNotCollected: 'A buyer’s premium on {units} lots is the auction contract’s, fixed when each auction is created: leave the event’s {units} premium at 0%.',
  allIn: '{bid} bid, {allIn} with the {rate} buyer’s premium',
  allInSwap: '{bid} bid, {allIn} with the {rate} buyer’s premium, paid to the house in the same swap',
  allInWithTax: '{bid} bid, {allIn} with the {rate} buyer’s premium and your {tax} tax',
  allInTaxOnly: '{bid} bid, {allIn} with your {tax} tax',
  premiumLabel: 'Buyer’s premium',
  premiumFixed: 'The buyer’s premium cannot change once a lot of this event has a bid or a buyer: bids, holds and purchases were made at it.',
} as const;
