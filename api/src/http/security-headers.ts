/**
 * The headers every reply carries, in every mode: no MIME sniffing, no framing, a referrer that never holds a
 * path for another site, HSTS once PUBLIC_URL is https, and a Content-Security-Policy. Api replies are data,
 * never a page that runs anything: their policy allows no script at all. The dapp's pages get `dappPolicy`,
 * which runs only the build's own script files (never inline script) and reaches only the hosts the dapp calls.
 */
import type { Context, Next } from 'koa';

/** JSON, the OpenAPI document, the dev mailbox's page: styles inline at most, images from here, nothing else. */
const API_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Two years, as browsers' preload lists expect; sent only once the site is reached over https. */
const HSTS = 'max-age=63072000';

/**
 * The wallets' own services, which the dapp's WalletConnect connector calls from the page: its relay (a web
 * socket), its RPC and telemetry, its wallet list, and the verify frame that vouches for this origin.
 */
const WALLETCONNECT = {
  connect: ['wss://relay.walletconnect.org', 'wss://relay.walletconnect.com', 'https://rpc.walletconnect.org', 'https://pulse.walletconnect.org', 'https://api.web3modal.org'],
  frame: ['https://verify.walletconnect.org', 'https://verify.walletconnect.com'],
};

/** The calculator's public price service (dapp/src/calculator/price-service.ts); CSP_CONNECT_SRC adds another. */
const PRICE_SERVICE = 'https://api.coingecko.com';

/** With real keys the card form is Stripe's (Stripe.js and its frames); offline the page calls the stand-in. */
const STRIPE = { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] };

export function securityHeaders(config: { publicUrl: string | undefined }) {
  const hsts = config.publicUrl?.startsWith('https://') ? HSTS : null;
  return async (ctx: Context, next: Next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    if (hsts) ctx.set('Strict-Transport-Security', hsts);
    // A route with a policy of its own (uploaded files) sets it over this one.
    ctx.set('Content-Security-Policy', API_POLICY);
    await next();
  };
}

/** What the dapp's policy is made of, of the api's settings: the origins its pages show images from and call. */
export interface DappPolicySettings {
  /** apiBase null: the real Stripe, whose scripts and frames the page loads; else the stand-in at browserApiUrl. */
  stripe: { apiBase: string | null; browserApiUrl: string | null };
  storage: { imageGateway: string };
  inscriptions: { ipfsGateway: string };
  cspConnectSources: string[];
}

/** The policy of the dapp's pages and files. */
export function dappPolicy(config: DappPolicySettings): string {
  const realStripe = config.stripe.apiBase === null;
  const origins = (urls: Array<string | null | undefined>) => urls.filter((url): url is string => !!url).map((url) => new URL(url).origin);
  const images = origins([config.storage.imageGateway, config.inscriptions.ipfsGateway]);
  const connect = [...WALLETCONNECT.connect, PRICE_SERVICE, ...(realStripe ? STRIPE.connect : origins([config.stripe.browserApiUrl])), ...config.cspConnectSources];
  const directives = [
    "default-src 'self'",
    `script-src 'self'${realStripe ? ` ${STRIPE.script.join(' ')}` : ''}`,
    // Inline styles, never inline script: React's style props are safe either way, but the wallet libraries'
    // dialogs add <style> elements of their own.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${unique(images).join(' ')}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${unique(connect).join(' ')}`,
    `frame-src ${[...WALLETCONNECT.frame, ...(realStripe ? STRIPE.frame : [])].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.join('; ');
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
