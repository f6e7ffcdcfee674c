/**
 * Every TanStack Query key of the dapp, named after what the spec calls the data. A family's `all` (or a
 * narrower prefix such as `lots.pages`) is what invalidating or forgetting "all of it" matches: every key in
 * the family starts with it, so nothing cached under the family is missed and nothing outside it is touched.
 */
import type { MyBidState } from '@gavel/domain';

export const queryKeys = {
  /** Public lots (GET /auctions): the browse lists and each lot's page. */
  lots: {
    all: ['lots'] as const,
    /** Every browse list in the cache. */
    lists: ['lots', 'list'] as const,
    /** The filters sit at index 2; the browse list reads them back to tell a new filter from a new page. */
    list: (params: object) => ['lots', 'list', params] as const,
    /** Every lot page in the cache. */
    pages: ['lots', 'lot'] as const,
    lot: (lotId: string | undefined) => ['lots', 'lot', lotId] as const,
  },
  bids: {
    all: ['bids'] as const,
    ofLot: (lotId: string) => ['bids', 'lot', lotId] as const,
    /** The viewer is part of the key: the same history reads differently ("You") for each signed-in user. */
    history: (lotId: string, token: string | null) => ['bids', 'lot', lotId, token ?? 'anonymous'] as const,
  },
  /** Auction events (GET /auction-events). */
  events: {
    all: ['events'] as const,
    list: (params: object) => ['events', 'list', params] as const,
    event: (eventId: string | undefined) => ['events', 'event', eventId] as const,
    bySlug: (slug: string | undefined) => ['events', 'slug', slug] as const,
  },
  /** A public CMS page (GET /cms/pages/:slug). */
  cms: (slug: string) => ['cms', slug] as const,
  /** GET /auth/me. The token is part of the key, so a new session never shows the previous account. */
  currentUser: {
    all: ['currentUser'] as const,
    of: (token: string | null) => ['currentUser', token] as const,
  },
  /** The signed-in user's own records, forgotten when the session ends. */
  account: {
    all: ['account'] as const,
    identity: ['account', 'identity'] as const,
    paymentMethod: ['account', 'paymentMethod'] as const,
    biddingLimit: ['account', 'biddingLimit'] as const,
    /** GET /wallet/my-wallets. */
    wallets: ['account', 'wallets'] as const,
    /** GET /me/notification-preferences. */
    notificationPreferences: ['account', 'notificationPreferences'] as const,
    /** GET /watchlist/ids: the hearts on cards and lot pages. */
    watchedIds: ['account', 'watchedIds'] as const,
    /** The four following lists (GET /watchlist, /me/bids, /me/won, /me/sales), each by how many pages are shown. */
    follow: {
      all: ['account', 'follow'] as const,
      list: (name: 'watchlist' | 'myBids' | 'won' | 'sales') => ['account', 'follow', name] as const,
      /** GET /me/bids?state=: one list per filter, all under `list('myBids')`. */
      myBids: (state: MyBidState | null) => ['account', 'follow', 'myBids', state ?? 'all'] as const,
    },
  },
  /** GET /wallet/balance/:address: public chain data, so kept across sessions. */
  walletBalance: (address: string) => ['walletBalance', address] as const,
  /** The signed-in user's won and Buy Now lots, per session. */
  cart: {
    all: ['cart'] as const,
    of: (token: string | null) => ['cart', token] as const,
    /** Unpaid lots offered to the user at their last bid (GET /second-chance-offers). */
    secondChance: (token: string | null) => ['cart', 'secondChance', token] as const,
  },
  cardHoldRate: ['cardHoldRate'] as const,
  /** PaymentIntents made for the browser to confirm: one per lot and price, one per selection of the cart. */
  buyNowIntent: (lotId: string, price: string | null) => ['buyNowIntent', lotId, price] as const,
  checkoutIntent: (lotIds: string[]) => ['checkoutIntent', lotIds] as const,
  /** The calculator's BTC and ETH prices. */
  prices: ['prices'] as const,
  /** What the auction house holds for a wallet that was outbid on chain. */
  pendingReturns: {
    all: ['pendingReturns'] as const,
    of: (address: string | undefined) => ['pendingReturns', address] as const,
  },
  /** The BTC settlement of an ended lot: its stage and the offer PSBT to co-sign. */
  settlementPsbt: (lotId: string) => ['settlementPsbt', lotId] as const,
  /** The admin guard's profile lookups, per token. */
  adminGuard: {
    all: ['adminGuard'] as const,
    profile: (kind: 'admin' | 'user', token: string | null) => ['adminGuard', kind, token] as const,
  },
  admin: {
    all: ['admin'] as const,
    lots: {
      list: (filters: object) => ['admin', 'lots', 'list', filters] as const,
      lot: (lotId: string | undefined) => ['admin', 'lots', 'lot', lotId] as const,
      bids: (lotId: string) => ['admin', 'lots', 'bids', lotId] as const,
    },
    events: {
      list: (filters: object) => ['admin', 'events', 'list', filters] as const,
      event: (eventId: string | undefined) => ['admin', 'events', 'event', eventId] as const,
    },
    users: {
      all: ['admin', 'users'] as const,
      list: (filters: object) => ['admin', 'users', 'list', filters] as const,
      user: (userId: string) => ['admin', 'users', 'user', userId] as const,
      /** An identity document's bytes, by its admin path. */
      document: (path: string) => ['admin', 'users', 'document', path] as const,
    },
    stats: {
      all: ['admin', 'stats'] as const,
      platform: ['admin', 'stats', 'platform'] as const,
      auctions: ['admin', 'stats', 'auctions'] as const,
      kyc: ['admin', 'stats', 'kyc'] as const,
    },
    cms: ['admin', 'cms'] as const,
    policies: ['admin', 'policies'] as const,
    /** Contact form messages (GET /admin/support-requests). */
    support: {
      all: ['admin', 'support'] as const,
      list: (filters: object, page: number) => ['admin', 'support', 'list', filters, page] as const,
    },
    whitelist: {
      all: ['admin', 'whitelist'] as const,
      list: (filters: object, page: number) => ['admin', 'whitelist', 'list', filters, page] as const,
    },
    inscriptions: {
      list: (filters: object) => ['admin', 'inscriptions', 'list', filters] as const,
      stats: ['admin', 'inscriptions', 'stats'] as const,
    },
    nfts: {
      list: (filters: object) => ['admin', 'nfts', 'list', filters] as const,
      stats: ['admin', 'nfts', 'stats'] as const,
    },
  },
  /** An inscription being created: its payment instructions, status and payment, each polled on its own. */
  inscription: {
    paymentInstructions: (id: string) => ['inscription', id, 'paymentInstructions'] as const,
    status: (id: string) => ['inscription', id, 'status'] as const,
    paymentStatus: (id: string) => ['inscription', id, 'paymentStatus'] as const,
  },
} as const;
