import Koa from 'koa';
import Router from '@koa/router';
import { RouteTable } from './routes/route-table.ts';
import { errorMiddleware } from './http/errors.ts';
import { corsMiddleware, requestLog } from './http/middleware.ts';
import { securityHeaders } from './http/security-headers.ts';
import { compressJson } from './http/compress-json.ts';
import { publicSite } from './http/public-site.ts';
import { addressGuard } from './http/hostile-input.ts';
import { adminPrefixes } from './http/admin-prefixes.ts';
import type { Services } from './services.ts';
import { sessionMiddleware } from './auth/session.ts';
import { healthRoutes } from './routes/health.ts';
import { lotRoutes } from './routes/lots.ts';
import { auctionEventRoutes } from './routes/auction-events.ts';
import { contentRoutes } from './routes/content.ts';
import { supportRoutes } from './routes/support.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { pushRoutes } from './routes/push.ts';
import { mountIpfs } from './routes/ipfs.ts';
import { authRoutes } from './routes/auth.ts';
import { paymentRoutes } from './routes/payments.ts';
import { mountDevMailbox } from './routes/dev-mailbox.ts';
import { bidRoutes } from './routes/bids.ts';
import { btcBidRoutes } from './routes/btc-bids.ts';
import { psbtRoutes } from './routes/psbt.ts';
import { walletBidRoutes } from './routes/wallet-bids.ts';
import { sellerLotRoutes } from './routes/seller-lots.ts';
import { evmWithdrawalRoutes } from './routes/evm-withdrawals.ts';
import { nftRoutes } from './routes/nfts.ts';
import { eventRoutes, mountEvents } from './routes/events.ts';
import { identityRoutes } from './routes/identity.ts';
import { adminUserRoutes } from './routes/admin-users.ts';
import { buyNowRoutes } from './routes/buy-now.ts';
import { checkoutRoutes } from './routes/checkout.ts';
import { secondChanceRoutes } from './routes/second-chance.ts';
import { adminLotRoutes } from './routes/admin-lots.ts';
import { adminEventRoutes } from './routes/admin-events.ts';
import { adminStatsRoutes } from './routes/admin-stats.ts';
import { adminContentRoutes } from './routes/admin-content.ts';
import { uploadImageRoutes } from './routes/upload-images.ts';
import { consignmentRoutes } from './routes/consignments.ts';
import { saleDocumentRoutes } from './routes/sale-documents.ts';
import { adminInscriptionRoutes } from './routes/admin-inscriptions.ts';
import { inscriptionRoutes } from './routes/inscriptions.ts';
import { whitelistRoutes } from './routes/whitelist.ts';
import { policyRoutes } from './routes/policies.ts';
import { settlementRoutes } from './routes/settlement.ts';
import { settlementRecordRoutes } from './routes/settlement-record.ts';
import { walletRoutes } from './routes/wallet.ts';
import { vaultRoutes } from './routes/vault.ts';
import { walletSignPsbtRoutes } from './routes/wallet-sign-psbt.ts';
import { ethBidRoutes } from './routes/eth-bids.ts';
import { chainAuctionLinkRoutes } from './routes/chain-auction-link.ts';
import { cardMintRoutes } from './routes/card-mint.ts';
import { watchlistRoutes } from './routes/watchlist.ts';
import { myLotRoutes } from './routes/my-lots.ts';

/** Every route of the api, each declared once; the authorization test walks this same table. */
export function declareRoutes(services: Services): RouteTable {
  const limits = { limiter: services.rateLimiter, rules: services.config.rateLimits.routes };
  const routes = new RouteTable({ checkReplies: services.config.checkContracts, limits });
  healthRoutes(routes, services);
  lotRoutes(routes, services);
  auctionEventRoutes(routes, services);
  contentRoutes(routes, services);
  supportRoutes(routes, services);
  notificationRoutes(routes, services);
  pushRoutes(routes, services);
  authRoutes(routes, services);
  paymentRoutes(routes, services);
  identityRoutes(routes, services);
  adminUserRoutes(routes, services);
  // Before bidRoutes: /auctions/bids/user/:address and /auctions/won/:address are more specific than its paths.
  walletBidRoutes(routes, services);
  sellerLotRoutes(routes, services);
  bidRoutes(routes, services);
  btcBidRoutes(routes, services);
  psbtRoutes(routes, services);
  evmWithdrawalRoutes(routes, services);
  nftRoutes(routes, services);
  buyNowRoutes(routes, services);
  checkoutRoutes(routes, services);
  secondChanceRoutes(routes, services);
  // Following: the watchlist and the user's own bids, wins and sales.
  watchlistRoutes(routes, services);
  myLotRoutes(routes, services);
  // Admin area and seller settlement.
  adminLotRoutes(routes, services);
  adminEventRoutes(routes, services);
  adminStatsRoutes(routes, services);
  adminContentRoutes(routes, services);
  uploadImageRoutes(routes, services);
  // Consignments: items users offer for sale, and the admins' review of them.
  consignmentRoutes(routes, services);
  saleDocumentRoutes(routes, services);
  adminInscriptionRoutes(routes, services);
  // After the admin lists: its /inscriptions/:id catch-alls come last.
  inscriptionRoutes(routes, services);
  whitelistRoutes(routes, services);
  policyRoutes(routes, services);
  settlementRoutes(routes, services);
  settlementRecordRoutes(routes, services);
  walletRoutes(routes, services);
  vaultRoutes(routes, services);
  walletSignPsbtRoutes(routes, services);
  ethBidRoutes(routes, services);
  chainAuctionLinkRoutes(routes, services);
  cardMintRoutes(routes, services);
  eventRoutes(routes, services);
  return routes;
}

/**
 * `dappDir`: the built dapp to serve on the same origin, with the api under /api (production; config.dappDir by
 * default). `first`: middleware that must see every request before anything else does (the stop's request tracker).
 */
export function createApp(services: Services, dappDir = services.config.dappDir, first: Koa.Middleware[] = []): Koa {
  const routes = declareRoutes(services);
  const openapi = routes.openapi({ title: 'Gavel API', version: '0.1.0' });
  const extra = new Router();
  extra.get('/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  mountIpfs(extra, services);
  // Development's conveniences (everything under /dev) never exist in production, whatever else is configured.
  if (!services.config.production) mountDevMailbox(extra, services);
  mountEvents(extra, services);

  // The client's address (ctx.ip, which rate limits count by) is taken from X-Forwarded-For only as far as the
  // configured proxies wrote it: a client can put anything at the front of that header.
  const hops = services.config.trustedProxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  // A client closing an event stream or download mid-way is normal, not an error worth a stack trace.
  app.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE') return;
    services.log.error({ err }, 'unhandled koa error');
  });
  for (const middleware of first) app.use(middleware);
  app.use(requestLog(services.log));
  app.use(compressJson());
  app.use(securityHeaders(services.config));
  app.use(errorMiddleware(services.log));
  app.use(addressGuard());
  // After the public site has taken the api's own /api prefix off (production): then an admin path under /v1 or
  // /api/v1 of the api is found as the bare one.
  if (dappDir) app.use(publicSite(services, dappDir));
  app.use(adminPrefixes());
  app.use(corsMiddleware(services.config.corsOrigins));
  app.use(sessionMiddleware(services.db, services.tokens));
  const router = routes.router();
  app.use(router.routes()).use(router.allowedMethods());
  app.use(extra.routes()).use(extra.allowedMethods());
  return app;
}
