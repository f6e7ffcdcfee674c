/**
 * The boot check every process runs on its loaded configuration before it opens anything (main.ts,
 * worker-main.ts). It asks the EVM node which chain it is and settles the relayer's key on that answer; in
 * production (NODE_ENV=production) it then refuses to start on any missing or unsafe setting, naming all of them
 * in one message, so that one restart, not one per setting, gets a deployment right. Production never runs on a
 * development default: PGlite, the dev mailbox, a stand-in, a secret kept under the data directory (which a
 * development server may have served), a public anvil key, bids with nothing behind them. The api process is also
 * checked for what it serves: the built dapp, the proxies in front of it, the origin wallets sign in to.
 */
import { PRICE_STAND_IN_URL } from './prices/config.ts';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BaseError } from 'viem';
import type { Config } from './config.ts';
import type { ChainConfig } from './chain/index.ts';
import { ChainRpc } from './chain/rpc.ts';
import { STAND_IN as STRIPE_STAND_IN } from './payments/config.ts';
import { BITCOIN_STAND_IN_PORT } from './bitcoin/config.ts';
import { anvilAccountOf, relayerOnChain } from './relayer/config.ts';
import { KEPT_VAPID_FILE, readKept, vapidKeyProblem } from './notifications/push-keys.ts';

export interface ConfigProblem {
  /** The environment variable to set or change. */
  setting: string;
  problem: string;
}

export class UnsafeProductionConfig extends Error {
  constructor(readonly problems: ConfigProblem[]) {
    super(
      `Gavel will not start in production (NODE_ENV=production): ${problems.length} setting${problems.length === 1 ? ' is' : 's are'} missing or unsafe.\n` +
        problems.map(({ setting, problem }) => `  - ${setting}: ${problem}`).join('\n') +
        '\nSet them all, then start again; docs/production.md lists what production needs.',
    );
    this.name = 'UnsafeProductionConfig';
  }
}

/** What the node at RPC_URL answered to eth_chainId, or why it did not. */
export type RpcChain = { chainId: number } | { unreachable: string };

/** Which process boots: the api (it serves HTTP) or a worker (it runs jobs only). */
export type ProcessRole = 'api' | 'worker';

/** The configuration to run on: the relayer's key settled; in production, throws UnsafeProductionConfig unless every setting is safe. */
export async function checkAtBoot(config: Config, role: ProcessRole = 'api'): Promise<Config> {
  // Production refuses an unset RPC_URL anyway: no time spent asking the development default.
  const rpc = config.production && !config.settingsGiven.has('RPC_URL') ? null : await askChainId(config.chain);
  if (config.production) {
    const problems = [...settingProblems(config), ...(role === 'api' ? httpProblems(config) : []), ...(await secretProblems(config)), ...(await vapidProblems(config)), ...chainProblems(config, rpc)];
    if (problems.length > 0) throw new UnsafeProductionConfig(problems);
  }
  const chainId = rpc && 'chainId' in rpc ? rpc.chainId : null;
  return { ...config, relayer: relayerOnChain(config.relayer, chainId, config.production) };
}

/** For a process's entry point: the refusal printed as it is written (a line per setting), then exit 1; anything else rethrown. */
export function exitOnUnsafeConfig(error: unknown): never {
  if (!(error instanceof UnsafeProductionConfig)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}

export async function askChainId(chain: Pick<ChainConfig, 'rpcUrl' | 'timeoutMs'>): Promise<RpcChain> {
  try {
    return { chainId: await new ChainRpc(chain.rpcUrl, chain.timeoutMs).client.getChainId() };
  } catch (error) {
    if (!(error instanceof BaseError)) return { unreachable: String(error) };
    return { unreachable: error.details && error.details !== error.shortMessage ? `${error.shortMessage} ${error.details}` : error.shortMessage };
  }
}

/** Every check that needs the configuration alone. */
function settingProblems(config: Config): ConfigProblem[] {
  return [...serviceProblems(config), ...stripeProblems(config), ...bitcoinProblems(config)];
}

function serviceProblems(config: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  if (!config.databaseUrl) refuse('DATABASE_URL', 'not set: production runs on PostgreSQL, never on the embedded PGlite');
  else if (!['postgres:', 'postgresql:'].includes(protocolOf(config.databaseUrl))) refuse('DATABASE_URL', 'not a postgres:// or postgresql:// URL (production runs on PostgreSQL, never on PGlite)');
  if (!config.smtpUrl) refuse('SMTP_URL', 'not set: mail would reach only the development mailbox, which production never serves');
  else if (!['smtp:', 'smtps:'].includes(protocolOf(config.smtpUrl))) refuse('SMTP_URL', 'not an smtp:// or smtps:// URL');
  if (!config.publicUrl) refuse('PUBLIC_URL', 'not set: production names the https address users reach Gavel at (mail links, HSTS)');
  else if (protocolOf(config.publicUrl) !== 'https:') refuse('PUBLIC_URL', `${config.publicUrl} is not an https:// address`);
  if (config.kycAutoApprove) refuse('KYC_AUTO_APPROVE', 'true: identity checks would be approved without anyone looking (demo only)');
  if (!config.settingsGiven.has('PRICE_API_URL') || config.prices.url === PRICE_STAND_IN_URL)
    refuse('PRICE_API_URL', 'not set: card holds on BTC and ETH lots would be priced by the local price stand-in');
  else if (protocolOf(config.prices.url) !== 'https:') refuse('PRICE_API_URL', `${config.prices.url} is not an https:// address`);
  return problems;
}

/** What the api process serves: the built dapp, addresses as the proxies in front wrote them, SIWE for its own origin. */
function httpProblems({ dappDir, publicUrl, wallet, settingsGiven }: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  if (dappDir && !existsSync(path.join(dappDir, 'index.html'))) refuse('DAPP_DIR', `no built dapp in ${dappDir}: run \`npm run build\` first (or point DAPP_DIR at the build)`);
  if (!settingsGiven.has('TRUSTED_PROXY_HOPS')) {
    refuse(
      'TRUSTED_PROXY_HOPS',
      'not set: say how many proxies in front append to X-Forwarded-For (1 behind one TLS proxy; 0 only when clients reach the api directly), or rate limits count the proxy as every client',
    );
  }
  const publicOrigin = publicUrl && URL.canParse(publicUrl) ? new URL(publicUrl).origin : null;
  if (publicOrigin && new URL(wallet.siweUri).origin !== publicOrigin) {
    refuse('SIWE_URI', `${wallet.siweUri} is not PUBLIC_URL's origin (${publicOrigin}): wallets would be asked to sign in to another site (unset it to use PUBLIC_URL's)`);
  }
  return problems;
}

function stripeProblems({ stripe, settingsGiven }: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  if (!settingsGiven.has('STRIPE_SECRET_KEY')) refuse('STRIPE_SECRET_KEY', 'not set: card payments would go to the local Stripe stand-in');
  else if (stripe.secretKey === STRIPE_STAND_IN.secretKey) refuse('STRIPE_SECRET_KEY', "the Stripe stand-in's public test key");
  else if (!/^(sk|rk)_(live|test)_/.test(stripe.secretKey)) refuse('STRIPE_SECRET_KEY', 'not a Stripe secret key (sk_live_…, or rk_live_… for a restricted key)');
  if (!settingsGiven.has('STRIPE_PUBLISHABLE_KEY')) refuse('STRIPE_PUBLISHABLE_KEY', 'not set: the dapp could not take cards');
  else if (stripe.publishableKey === STRIPE_STAND_IN.publishableKey) refuse('STRIPE_PUBLISHABLE_KEY', "the Stripe stand-in's public test key");
  else if (!/^pk_(live|test)_/.test(stripe.publishableKey)) refuse('STRIPE_PUBLISHABLE_KEY', 'not a Stripe publishable key (pk_live_…)');
  else if (!problems.some((p) => p.setting === 'STRIPE_SECRET_KEY') && stripeMode(stripe.publishableKey) !== stripeMode(stripe.secretKey)) {
    refuse('STRIPE_PUBLISHABLE_KEY', `a ${stripeMode(stripe.publishableKey)}-mode key beside a ${stripeMode(stripe.secretKey)}-mode STRIPE_SECRET_KEY`);
  }
  if (!settingsGiven.has('STRIPE_WEBHOOK_SECRET')) refuse('STRIPE_WEBHOOK_SECRET', "not set: Stripe's webhooks could not be verified");
  else if (stripe.webhookSecret === STRIPE_STAND_IN.webhookSecret) refuse('STRIPE_WEBHOOK_SECRET', "the Stripe stand-in's webhook secret, a public constant: anyone could sign a forged payment event");
  else if (!stripe.webhookSecret.startsWith('whsec_')) refuse('STRIPE_WEBHOOK_SECRET', 'not a Stripe webhook signing secret (whsec_…)');
  // Unset, the SDK and Stripe.js reach Stripe itself; set, they must not be pointed at a stand-in or plain http.
  for (const [setting, url] of [
    ['STRIPE_API_BASE', stripe.apiBase],
    ['STRIPE_BROWSER_API_URL', stripe.browserApiUrl],
  ] as const) {
    if (!settingsGiven.has(setting) || !url) continue;
    if (url === STRIPE_STAND_IN.apiBase || protocolOf(url) !== 'https:') refuse(setting, `${url} is a stand-in or plain http: unset it to reach Stripe itself`);
  }
  return problems;
}

function bitcoinProblems({ bitcoin, settingsGiven, vault }: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  if (vault.secretGivenToNonSigner) {
    refuse('GAVEL_VAULT_SECRET', 'given to an api process that runs no worker: only the worker co-signs vault spends, so give the secret to the worker alone and this process GAVEL_VAULT_PUBKEY');
  } else if (!vault.signs && !vault.gavelPublicKey) {
    // Without G no vault can be opened, and a lot requiring binding bids could take none.
    refuse('GAVEL_VAULT_PUBKEY', `not set: this process runs no worker, so it names Gavel's vault key by its public key (${VAULT_PUBKEY_COMMAND} prints it from the worker's GAVEL_VAULT_SECRET)`);
  }
  if (!vault.secretGivenToNonSigner && !vault.signs && !vault.houseAnchorPublicKey) {
    // A binding offer's house output pays the anchor key's address: without it no binding bid could be taken.
    refuse('GAVEL_HOUSE_ANCHOR_PUBKEY', `not set: this process runs no worker, so it names the house anchor key by its public key (${VAULT_PUBKEY_COMMAND} prints it)`);
  }
  if (!settingsGiven.has('BITCOIN_NETWORK')) refuse('BITCOIN_NETWORK', 'not set: production names its network (mainnet, testnet4 or regtest) rather than take the development default');
  for (const [setting, url] of [
    ['BITCOIN_ESPLORA_URL', bitcoin.esploraUrl],
    ['ORD_URL', bitcoin.ordUrl],
  ] as const) {
    if (!settingsGiven.has(setting)) refuse(setting, `not set: the development default is the local Bitcoin stand-in on 127.0.0.1:${BITCOIN_STAND_IN_PORT}`);
    else if (isBitcoinStandIn(url)) refuse(setting, `${url} is the local Bitcoin stand-in`);
  }
  if (bitcoin.network === 'mainnet' && !bitcoin.platformFeeAddress) refuse('BITCOIN_PLATFORM_FEE_ADDRESS', "not set: on mainnet every swap's platform fee pays to it");
  if (!bitcoin.psbtBids) refuse('BITCOIN_PSBT_BIDS', 'false: BTC bids would be recorded with no signed offer behind them (a development convenience)');
  return problems;
}

/** The secrets production must be given: each long, its own, and never the development one kept under the data directory. */
const SECRETS = [
  // keptAs: the file keptSecret() writes in development (auth/tokens.ts, services.ts, inscriptions/inscriptions.ts).
  { setting: 'JWT_SECRET', keptAs: 'jwt-secret', value: (config: Config) => config.jwtSecret },
  { setting: 'EMAIL_CODE_PEPPER', keptAs: 'email-code-pepper', value: (config: Config) => config.emailCodePepper },
  { setting: 'INSCRIPTION_KEY_SECRET', keptAs: 'inscription-key-secret', value: (config: Config) => config.inscriptions.keySecret },
  { setting: 'UNSUBSCRIBE_SECRET', keptAs: 'unsubscribe-secret', value: (config: Config) => config.notifications.unsubscribeSecret },
  // Only a process that runs the worker co-signs binding bids' swaps and vault withdrawals, so only it is asked.
  { setting: 'GAVEL_VAULT_SECRET', keptAs: 'gavel-vault-secret', value: (config: Config) => config.vault.masterSecret, onlyFor: (config: Config) => config.vault.signs },
] as const;

/** How an operator prints G for the api process from the worker's secret. */
const VAULT_PUBKEY_COMMAND = '`GAVEL_VAULT_SECRET=… node --import tsx scripts/bitcoin/vault-pubkey.ts`';

/** At the least 16 random bytes written in hex; the README suggests `openssl rand -hex 32`. */
const MIN_SECRET_LENGTH = 32;

async function secretProblems(config: Config): Promise<ConfigProblem[]> {
  const problems: ConfigProblem[] = [];
  const seen: Array<{ setting: string; value: string }> = [];
  for (const entry of SECRETS) {
    const { setting, keptAs, value: readSecret } = entry;
    if ('onlyFor' in entry && !entry.onlyFor(config)) continue;
    const value = readSecret(config);
    if (!value) {
      problems.push({ setting, problem: `not set: production never falls back to the development secret kept in the data directory (${keptAs})` });
      continue;
    }
    const twin = seen.find((other) => other.value === value);
    const keptFile = path.join(config.dataDir, keptAs);
    const kept = await readFile(keptFile, 'utf8').then(
      (text) => text.trim(),
      () => null,
    );
    if (value.length < MIN_SECRET_LENGTH) problems.push({ setting, problem: `shorter than ${MIN_SECRET_LENGTH} characters (make one with \`openssl rand -hex 32\`)` });
    else if (twin) problems.push({ setting, problem: `the same as ${twin.setting}: each secret must be its own, so that one leaked does not give the other away` });
    else if (kept === value) problems.push({ setting, problem: `the development secret kept in ${keptFile}, which a development server may have served: make a new one` });
    seen.push({ setting, value });
  }
  return problems;
}

/**
 * Web Push is signed with the VAPID pair production is given: never the development pair kept in the data
 * directory, never a pair that cannot sign, with a subject the push services can reach; pushes go to https push
 * services only, trusting no certificate of a development stand-in.
 */
async function vapidProblems({ notifications: { push }, dataDir }: Config): Promise<ConfigProblem[]> {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  const kept = `the development pair kept in the data directory (${KEPT_VAPID_FILE})`;
  if (!push.vapidPublicKey) refuse('VAPID_PUBLIC_KEY', `not set: Web Push needs the server's own key pair, never ${kept} (make one with \`npx web-push generate-vapid-keys\`)`);
  if (!push.vapidPrivateKey) refuse('VAPID_PRIVATE_KEY', `not set: Web Push needs the server's own key pair, never ${kept}`);
  if (!/^(mailto:|https:\/\/)/.test(push.vapidSubject)) refuse('VAPID_SUBJECT', 'not set to a mailto: address or an https:// page: push services contact the sender there');
  if (push.vapidPublicKey && push.vapidPrivateKey) {
    const keys = { publicKey: push.vapidPublicKey, privateKey: push.vapidPrivateKey };
    const problem = vapidKeyProblem(keys, 'mailto:check@gavel.invalid');
    const developmentPair = await readKept(path.join(dataDir, KEPT_VAPID_FILE));
    if (problem) refuse('VAPID_PRIVATE_KEY', `the VAPID pair cannot sign: ${problem}`);
    else if (developmentPair?.privateKey === keys.privateKey) refuse('VAPID_PRIVATE_KEY', `${kept}, which a development server may have served: make a new pair`);
  }
  const plain = push.services.filter((service) => !service.startsWith('*.') && protocolOf(service) !== 'https:');
  if (plain.length) refuse('PUSH_SERVICES', `${plain.join(', ')} ${plain.length === 1 ? 'is' : 'are'} not https:// (a development stand-in)`);
  if (push.serviceCaFile) refuse('PUSH_SERVICE_CA_FILE', "set: it trusts a development push service's own certificate");
  return problems;
}

/** The EVM node must be named and be the chain configured; a relayer key signs only on that chain. */
function chainProblems({ chain, relayer, settingsGiven }: Config, rpc: RpcChain | null): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const refuse = (setting: string, problem: string) => problems.push({ setting, problem });
  const node = `the node at RPC_URL (${hostOf(chain.rpcUrl)})`;
  if (!settingsGiven.has('RPC_URL')) refuse('RPC_URL', 'not set: production names its EVM node rather than take the development default (a local anvil)');
  else if (rpc && 'unreachable' in rpc) refuse('RPC_URL', `${node} did not answer eth_chainId: ${rpc.unreachable}`);
  if (!settingsGiven.has('CHAIN_ID')) refuse('CHAIN_ID', 'not set: production names the chain its node must be (eth_chainId is checked at boot)');
  else if (rpc && 'chainId' in rpc && rpc.chainId !== chain.chainId) refuse('CHAIN_ID', `${chain.chainId}, but ${node} answers eth_chainId ${rpc.chainId}`);
  if (relayer.keyGivenToNonSigner) {
    refuse(
      'RELAYER_PRIVATE_KEY',
      'given to an api process that runs no worker: only the worker signs the relayer’s transactions, so give the key to the worker alone and this process RELAYER_ADDRESS',
    );
  }
  if (!relayer.privateKey) return problems;
  const rpcChainId = rpc && 'chainId' in rpc ? rpc.chainId : null;
  const anvilAccount = anvilAccountOf(relayer.privateKey);
  if (anvilAccount !== null) refuse('RELAYER_PRIVATE_KEY', `anvil's public account ${anvilAccount} (the "test test ... junk" mnemonic): anyone can sign with it`);
  else if (!settingsGiven.has('CHAIN_ID')) refuse('RELAYER_PRIVATE_KEY', 'given, but with no CHAIN_ID nobody checks which chain it signs on');
  else if (rpcChainId === null) refuse('RELAYER_PRIVATE_KEY', `given, but ${node} did not say which chain it would sign on`);
  else if (rpcChainId !== chain.chainId) refuse('RELAYER_PRIVATE_KEY', `given, but it would sign on chain ${rpcChainId}, not on CHAIN_ID ${chain.chainId}`);
  return problems;
}

function isBitcoinStandIn(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { hostname, port } = new URL(url);
  return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) && Number(port) === BITCOIN_STAND_IN_PORT;
}

/** `live` or `test` from a Stripe key's prefix (sk_live_, pk_test_...). */
function stripeMode(key: string): string | undefined {
  return /^[a-z]+_(live|test)_/.exec(key)?.[1];
}

function protocolOf(url: string): string {
  return URL.canParse(url) ? new URL(url).protocol : '';
}

/** Only the host: an RPC URL often carries an API key in its path. */
function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host : 'an unreadable URL';
}
