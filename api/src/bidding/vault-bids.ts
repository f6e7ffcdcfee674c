/**
 * Binding Bitcoin bids (lots that require vault bids, domain/binding-bids.ts): the offer spends the bidder's free
 * vault outputs by the cooperative leaf (bitcoin/vault/vault-offer.ts), change back to the vault; the wallet signs
 * every vault input in one prompt; Gavel checks each signature itself and co-signs only the winning swap, at
 * settlement (bitcoin-settlement/vault-settle.ts). The outputs a leading bid leans on are recorded (VaultCommitment) in the very
 * transaction that makes it lead, one row per output: an output backs at most one binding bid, so neither a second
 * bid nor a withdrawal can spend it (bitcoin/vault/committed.ts).
 */
import { randomUUID } from 'node:crypto';
import { formatAmount, proposeLadderSteps } from '@gavel/domain';
import { drawBelow } from '../random-draw.ts';
import { bindingBidMessages, outputOutlastsLot } from '@gavel/domain/binding-bids';
import { BLOCK_INTERVAL_MS, outpointKey, vaultBalance, type VaultOutputView } from '@gavel/domain/bitcoin-vault';
import type { BitcoinAccess, BitcoinConfig } from '../bitcoin/index.ts';
import type { Vaults } from '../bitcoin/vault/vaults.ts';
import type { VaultConfig } from '../bitcoin/vault/config.ts';
import type { UserRow } from '../auth/session.ts';
import type { BitcoinVault, BtcOffer } from '../generated/prisma/client.ts';
import { Refused } from '../refused.ts';
import { checkUnspent, esploraChainView, OfferError } from '../bitcoin/offer/index.ts';
import { gatherOffer } from '../bitcoin/offer/prepare.ts';
import type { Utxo } from '../bitcoin/offer/build.ts';
import { bitcoin } from '../bitcoin/network.ts';
import { buildVaultOffer, vaultInputIndices, withBidderVaultSignatures } from '../bitcoin/vault/vault-offer.ts';
import { COMMITMENT_BINDS_SQL, committedOutpoints } from '../bitcoin/vault/committed.ts';
import { commitBid } from './place-bid.ts';
import { admitBid, readLotForBid, type IntakeDeps } from './intake.ts';
import type { AdmittedBid, PlacedBid, Transaction } from './bid-types.ts';
import { offerCall, OFFER_TTL_MS, presentOffer, type OfferReply } from './btc-offer.ts';
import { lotRates } from '../house/rates.ts';

/** What a Bitcoin offer bid is taken with: the intake's reads, Bitcoin access and settings, and the bidders' vaults. */
export type OfferBidDeps = IntakeDeps & {
  bitcoin: BitcoinAccess;
  config: { bitcoin: BitcoinConfig; vault: Pick<VaultConfig, 'confirmations' | 'refreshBlocks'> };
  vaults: Pick<Vaults, 'currentHouseAddress' | 'mine' | 'vault'>;
};

/** The user's vault, or the refusal that says to open and fund one. */
async function vaultOf(services: OfferBidDeps, userId: string): Promise<BitcoinVault> {
  const row = await services.vaults.mine(userId);
  if (!row) throw new Refused('conflict', bindingBidMessages.noVault, 'vault_required');
  return row;
}

/** Blocks from now until the lot's swap could still be co-signed: its end plus the seller's settlement window. */
function blocksToSettled(services: OfferBidDeps, endTime: Date): number {
  return Math.ceil((endTime.getTime() - Date.now() + services.config.bitcoin.sellerSignDueMs) / BLOCK_INTERVAL_MS);
}

/**
 * The vault outputs this bid may lean on: confirmed, free (none backing another binding bid; those backing the
 * bidder's own bid on this same lot count, as the new bid replaces it), largest first, and only those whose exit
 * height lies past the lot's settlement. `all` is every free output, to tell "refresh" from "too little".
 */
async function usableOutputs(services: OfferBidDeps, row: BitcoinVault, lotId: string, endTime: Date) {
  const { bitcoin: access, config, db } = services;
  const [utxos, tipHeight, committed] = await offerCall(() => Promise.all([access.esplora.addressUtxos(row.address), access.esplora.tipHeight(), committedOutpoints(db, row.id, lotId)]));
  const balance = vaultBalance(
    utxos.map((u) => ({ txid: u.txid, vout: u.vout, value: u.value, blockHeight: u.status.confirmed ? (u.status.block_height ?? null) : null })),
    { tipHeight, csvBlocks: row.csvBlocks, confirmations: config.vault.confirmations, refreshBlocks: config.vault.refreshBlocks, committed, now: Date.now() },
  );
  const all = balance.outputs.filter((o) => o.state === 'free').sort((a, b) => b.value - a.value);
  const blocks = blocksToSettled(services, endTime);
  const lasting = all.filter((o: VaultOutputView) => outputOutlastsLot(o.exitHeight!, tipHeight, blocks));
  return { all, lasting };
}

/** A binding offer the intake admitted: built from the vault's free outputs, kept until the wallet signs it. */
export async function placeVaultOffer(services: OfferBidDeps, user: UserRow, bid: AdmittedBid): Promise<OfferReply> {
  const { lot, amount } = bid;
  const built = await buildVaultOfferFor(services, user, lot, amount, false);
  return {
    psbtHex: built.psbtHex,
    bid: presentOffer(built.offerId, lot, amount, built.walletAddress, user, 'pending'),
    endTime: lot.endTime,
    minimumNextBid: formatAmount(bid.state.minimum, 'sats'),
    vaultInputs: built.vaultInputs,
  };
}

/** A maximum on a lot requiring binding bids: a ladder of binding offers (btc-ladders.ts), every step on the same vault outputs. */
export async function placeVaultLadder(services: OfferBidDeps, user: UserRow, bid: AdmittedBid) {
  const { lot, amount } = bid;
  const amounts = proposeLadderSteps(amount, bid.maximum!, bid.increment, drawBelow);
  const built = await buildVaultOffers(services, user, lot, amounts, { ladder: true });
  const ladderId = built.offers[0]!.offerId;
  const pending = presentOffer(ladderId, lot, amount, built.walletAddress, user, 'pending');
  return {
    bid: { ...pending, maximum: formatAmount(bid.maximum!, 'sats') },
    ladder: built.offers.map((offer) => ({ bidId: offer.offerId, amount: formatAmount(offer.amount, 'sats'), psbtHex: offer.psbtHex })),
    endTime: lot.endTime,
    minimumNextBid: formatAmount(bid.state.minimum, 'sats'),
    vaultInputs: built.vaultInputs,
  };
}

/** Every signed step of a binding ladder checked as a single binding offer; the outputs they all spend. */
export async function checkSignedVaultLadder(services: OfferBidDeps, user: UserRow, offers: BtcOffer[], signed: Map<string, string>) {
  const checked = new Map<string, string>();
  let spent: { vaultId: string; outpoints: string[] } | null = null;
  for (const offer of offers) {
    const step = await checkSignedVaultOffer(services, user, offer, signed.get(offer.id));
    checked.set(offer.id, step.checked);
    spent = { vaultId: step.vaultId, outpoints: step.outpoints };
  }
  return { checked, ...spent! };
}

type OfferLot = { id: string; endTime: Date; inscriptionId: string | null; sellerWalletAddress: string | null };

/**
 * A binding offer at `amount` (a bid, or `buyNow` at the Buy Now price) from the user's vault, stored as a
 * BtcOffer naming the vault, until the wallet signs it (OFFER_TTL_MS).
 */
export async function buildVaultOfferFor(services: OfferBidDeps, user: UserRow, lot: OfferLot, amount: bigint, buyNow: boolean) {
  const built = await buildVaultOffers(services, user, lot, [amount], { buyNow });
  return { ...built, offerId: built.offers[0]!.offerId, psbtHex: built.offers[0]!.psbtHex };
}

/**
 * Binding offers at each of `steps` (ascending; one for a single bid, a maximum's ladder otherwise), every one
 * spending exactly the vault outputs chosen for the top step, so at most one of them can ever be broadcast. A
 * ladder's offers are linked by the lowest step's id (`ladder`). Stored as BtcOffers naming the vault.
 */
export async function buildVaultOffers(services: OfferBidDeps, user: UserRow, lot: OfferLot, steps: bigint[], options: { buyNow?: boolean; ladder?: boolean } = {}) {
  const { prisma } = services.db;
  if (!lot.inscriptionId || !lot.sellerWalletAddress) throw new Refused('conflict', 'This lot has no inscription to sell yet', 'lot_not_ready');
  const platformFeeAddress = services.config.bitcoin.platformFeeAddress;
  if (!platformFeeAddress) throw new Refused('unavailable', 'Bitcoin bidding is not configured (BITCOIN_PLATFORM_FEE_ADDRESS)', 'bitcoin_unconfigured');
  // The house output pays the anchor key the worker holds, which sweeps it to the fee address (house-anchor.ts).
  const houseAddress = services.vaults.currentHouseAddress();
  if (!houseAddress) throw new Refused('unavailable', 'Binding bids are not configured (GAVEL_HOUSE_ANCHOR_PUBKEY)', 'bitcoin_unconfigured');
  const row = await vaultOf(services, user.id);
  const vault = services.vaults.vault(row);
  const { all, lasting } = await usableOutputs(services, row, lot.id, lot.endTime);
  // The swap pays the buyer's premium and the seller's commission to the house with the platform fee (bitcoin/offer/layout.ts).
  const { premium, commission } = await lotRates(prisma, lot.id);
  const expiresAt = new Date(Date.now() + OFFER_TTL_MS);
  const ids = steps.map(() => randomUUID());
  const ladderId = options.ladder ? ids[0]! : null;
  const common = { lotId: lot.id, userId: user.id, walletAddress: row.ordinalsAddress, ordinalsAddress: row.ordinalsAddress, psbtHex: '', txid: '', expiresAt, vaultId: row.id };
  await prisma.btcOffer.createMany({ data: steps.map((step, i) => ({ ...common, id: ids[i]!, amount: step.toString(), ladderId, buyNow: options.buyNow ?? false })) });
  try {
    const request = await offerCall(() =>
      gatherOffer(services.bitcoin, {
        lotId: lot.id,
        bidId: ids.at(-1)!,
        price: Number(steps.at(-1)!),
        inscriptionId: lot.inscriptionId!,
        seller: { payoutAddress: lot.sellerWalletAddress! },
        bidder: { paymentAddress: row.address, ordinalsAddress: row.ordinalsAddress },
        platformFeeAddress,
        premium,
        commission,
      }),
    );
    const build = (outputs: Utxo[], step = steps.length - 1, spendAll = false) =>
      buildVaultOffer({ ...request, bidId: ids[step]!, price: Number(steps[step]!), vault, ordinalsAddress: row.ordinalsAddress, outputs, houseAddress, spendAll });
    const covers = (outputs: Utxo[]) => {
      try {
        build(outputs);
        return true;
      } catch {
        return false;
      }
    };
    let top: ReturnType<typeof buildVaultOffer>;
    try {
      top = build(lasting);
    } catch (error) {
      if (!(error instanceof OfferError) || error.code !== 'insufficient_funds') throw error;
      // Enough coins, but some unlock before this lot settles: the bidder refreshes them into a new exit clock.
      if (all.length > lasting.length && covers(all)) throw new Refused('conflict', bindingBidMessages.refresh, 'vault_refresh_needed', { amount: bindingBidMessages.refresh });
      throw new Refused('invalid', `${bindingBidMessages.vaultTooSmall}: ${error.message}`, 'insufficient_funds', { amount: bindingBidMessages.vaultTooSmall });
    }
    const built = steps.map((_, i) => (i === steps.length - 1 ? top : build(top.inputs, i, true)));
    await prisma.$transaction(built.map((offer, i) => prisma.btcOffer.update({ where: { id: ids[i]! }, data: { psbtHex: offer.psbtHex, txid: offer.txid } })));
    return {
      offers: built.map((offer, i) => ({ offerId: ids[i]!, psbtHex: offer.psbtHex, amount: steps[i]! })),
      walletAddress: row.ordinalsAddress,
      expiresAt,
      vaultInputs: top.inputs.map((_, i) => i + 1),
    };
  } catch (error) {
    // A refused build leaves nothing behind.
    await prisma.btcOffer.deleteMany({ where: { id: { in: ids } } });
    throw error;
  }
}

/**
 * A signed binding offer checked: the offer's vault is the user's, every vault input carries the bidder's valid
 * signature on the cooperative leaf over exactly the offer built, and every input is unspent. Answers the built
 * PSBT with those signatures (what is stored and later co-signed).
 */
export async function checkSignedVaultOffer(services: OfferBidDeps, user: UserRow, offer: BtcOffer, signedPsbtHex: unknown): Promise<{ checked: string; vaultId: string; outpoints: string[] }> {
  if (typeof signedPsbtHex !== 'string' || signedPsbtHex.length === 0) throw new Refused('invalid', 'PSBT hex is required', 'invalid_psbt', { signedPsbtHex: 'PSBT hex is required' });
  const row = await services.db.prisma.bitcoinVault.findUnique({ where: { id: offer.vaultId! } });
  if (!row || row.userId !== user.id) throw new Refused('forbidden', bindingBidMessages.wrongVault, 'wrong_vault');
  const checked = await offerCall(async () => {
    const psbt = withBidderVaultSignatures(offer.psbtHex, signedPsbtHex, services.vaults.vault(row), services.config.bitcoin.network);
    await checkUnspent(psbt, esploraChainView(services.bitcoin.esplora));
    return psbt.toHex();
  });
  return { checked, vaultId: row.id, outpoints: vaultOutpoints(offer.psbtHex) };
}

/** The vault outputs a built binding offer spends, as `txid:vout`. */
function vaultOutpoints(psbtHex: string): string[] {
  // Outpoints only: no address is read, so the network does not matter here.
  const psbt = bitcoin.Psbt.fromHex(psbtHex);
  return vaultInputIndices(psbt).map((i) => {
    const input = psbt.txInputs[i]!;
    return outpointKey({ txid: Buffer.from(input.hash).reverse().toString('hex'), vout: input.index });
  });
}

/**
 * The outputs recorded as backing `bidId`, in the transaction that placed it, only if it leads. A row whose bid no
 * longer binds is taken over; one that still binds makes the insert skip it, and the bid is refused (rolled back).
 * So is an output a withdrawal is about to spend (signed) or spent (broadcast since the offer was checked).
 */
export async function commitVaultOutputs(tx: Transaction, commitment: { outpoints: string[]; vaultId: string; bidId: string; lotId: string }): Promise<void> {
  const { outpoints, vaultId, bidId, lotId } = commitment;
  // One vault's commitments change one transaction at a time (a promotion after a removal reads them too).
  await tx.$executeRawUnsafe(`SELECT 1 FROM "BitcoinVault" WHERE id = $1 FOR UPDATE`, vaultId);
  const [placed] = await tx.$queryRawUnsafe<Array<{ status: string }>>(`SELECT status::text FROM "Bid" WHERE id = $1`, bidId);
  // Placed below a standing maximum, the bid is outbid at once: it leads nothing and commits nothing.
  if (placed?.status !== 'active') return;
  const withdrawing = await tx.$queryRawUnsafe<unknown[]>(
    `SELECT 1 FROM "VaultWithdrawal" WHERE "vaultId" = $1 AND status IN ('signed', 'broadcast') AND inputs && $2::text[] LIMIT 1`,
    vaultId,
    outpoints,
  );
  if (withdrawing.length > 0) throw new Refused('conflict', bindingBidMessages.outputTaken, 'vault_output_committed');
  await tx.$executeRawUnsafe(
    `DELETE FROM "VaultCommitment" c USING "Bid" b, "Lot" l WHERE c.outpoint = ANY($1::text[]) AND b.id = c."bidId" AND l.id = c."lotId" AND NOT ${COMMITMENT_BINDS_SQL}`,
    outpoints,
  );
  const inserted = await tx.$executeRawUnsafe(
    `INSERT INTO "VaultCommitment" (outpoint, "vaultId", "bidId", "lotId") SELECT unnest($1::text[]), $2, $3, $4 ON CONFLICT (outpoint) DO NOTHING`,
    outpoints,
    vaultId,
    bidId,
    lotId,
  );
  if (inserted !== outpoints.length) throw new Refused('conflict', bindingBidMessages.outputTaken, 'vault_output_committed');
}

/**
 * Of these bids, the binding ones that no longer hold every vault output they spend: while they were outbid another
 * bid of their bidder's took one over. They cannot lead again (remove-bid.ts leaves them out when a removal picks
 * the next leader). `lock`: inside the removal's transaction, each vault's commitments locked first, as a bid
 * committing outputs locks them, so neither reads the other half-done.
 */
export async function bindingBidsWithoutOutputs(
  db: Pick<Transaction, 'btcOffer' | 'vaultCommitment' | '$executeRawUnsafe'>,
  bids: Array<{ id: string; signedPsbtHex: string | null }>,
  lock: boolean,
): Promise<Set<string>> {
  const offers = await db.btcOffer.findMany({ where: { id: { in: bids.map((b) => b.id) }, vaultId: { not: null } }, select: { id: true, vaultId: true } });
  if (offers.length === 0) return new Set();
  if (lock) for (const vaultId of [...new Set(offers.map((o) => o.vaultId!))].sort()) await db.$executeRawUnsafe(`SELECT 1 FROM "BitcoinVault" WHERE id = $1 FOR UPDATE`, vaultId);
  const held = await db.vaultCommitment.findMany({ where: { bidId: { in: offers.map((o) => o.id) } }, select: { bidId: true, outpoint: true } });
  const unheld = new Set<string>();
  for (const offer of offers) {
    const bid = bids.find((b) => b.id === offer.id)!;
    const needed = bid.signedPsbtHex ? vaultOutpoints(bid.signedPsbtHex) : [];
    const mine = new Set(held.filter((h) => h.bidId === offer.id).map((h) => h.outpoint));
    if (needed.length === 0 || needed.some((outpoint) => !mine.has(outpoint))) unheld.add(offer.id);
  }
  return unheld;
}

/**
 * The signed binding offer checked (every vault input by the bidder's key on the cooperative leaf, over exactly the
 * offer built) and placed: the bid, its PSBT with the checked signatures and its outputs' commitments in one
 * transaction. The offer is admitted again as a bid (the lot may have moved on since it was built).
 */
export async function finalizeVaultOffer(services: OfferBidDeps, user: UserRow, offer: BtcOffer, signedPsbtHex: unknown): Promise<PlacedBid> {
  const lot = await readLotForBid(services, offer.lotId);
  const bid = await admitBid(services, user, lot, BigInt(offer.amount.toFixed(0)), 'btc-finalize');
  const { checked, vaultId, outpoints } = await checkSignedVaultOffer(services, user, offer, signedPsbtHex);
  return commitBid(services, user, bid, {
    bidId: offer.id,
    walletAddress: offer.walletAddress,
    before: async (tx) => {
      const claimed = await tx.btcOffer.updateMany({ where: { id: offer.id, finalizedAt: null }, data: { finalizedAt: new Date(), signedPsbtHex: checked } });
      if (claimed.count === 0) throw new Refused('conflict', 'This bid is already placed', 'bid_already_finalized');
    },
    with: async (tx, bidId) => {
      await tx.bid.update({ where: { id: bidId }, data: { psbtHex: offer.psbtHex, signedPsbtHex: checked } });
      await commitVaultOutputs(tx, { outpoints, vaultId, bidId, lotId: offer.lotId });
    },
  });
}
