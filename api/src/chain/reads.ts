/**
 * Every query the api sends the indexer, one function each: no other module names the indexer's tables. Tables
 * and columns are those of indexer/ponder.schema.ts in snake_case; each row type is checked against the schema
 * when it compiles, and reads.test.ts checks every table and column the queries name, so a schema change that
 * the queries do not follow fails before it reaches the indexer. Numbers that can exceed 2^53 (wei, ids, times)
 * come back as text; addresses are lower-case hex. Lists are bounded by the caller's page size.
 */
import { sql, type SQL } from '@ponder/client';
import type * as indexerSchema from '../../../indexer/ponder.schema.ts';
import type { PonderReader } from './ponder.ts';

type Schema = typeof indexerSchema;
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}` ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}` : S;
/** The indexer's tables by their SQL names, each with its columns' SQL names (Ponder names them in snake_case). */
export type IndexerTables = { [K in keyof Schema as Schema[K]['_']['name']]: SnakeCase<keyof Schema[K]['$inferSelect'] & string> };
/**
 * A row a read selects from `Table`: each of its names a column of that table or one of `Added` (what the read
 * joins in or works out). A name the schema lacks is typed never, so the row's type fails to compile.
 */
type TableRow<Table extends keyof IndexerTables, Added extends string, Row extends Record<Exclude<keyof Row, IndexerTables[Table] | Added>, never>> = Row;

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

export type AuctionRow = TableRow<
  'auction',
  'last_bid_extended',
  {
    id: string;
    seller: string;
    nft: string;
    nft_id: string;
    reserve_price: string;
    status: 'created' | 'started' | 'settled' | 'cancelled';
    start_time: string | null;
    end_time: string | null;
    time_buffer_seconds: string;
    premium_bps: number;
    highest_bid: string;
    highest_bidder: string | null;
    bid_count: number;
    winner: string | null;
    updated_block: string;
    /** Whether the leading bid extended the auction. */
    last_bid_extended: boolean | null;
  }
>;

/** The auctions with these ids, with whether their latest bid extended them. */
export function auctions(ponder: PonderReader, ids: readonly string[]): Promise<AuctionRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return ponder.rows<AuctionRow>(sql`
    SELECT a.id::text, a.seller, a.nft, a.nft_id::text, a.reserve_price::text, a.status, a.start_time::text,
           a.end_time::text, a.time_buffer_seconds::text, a.premium_bps, a.highest_bid::text, a.highest_bidder, a.bid_count,
           a.winner, a.updated_block::text, b.extended AS last_bid_extended
      FROM auction a LEFT JOIN bid b ON b.id = a.highest_bid_id
     WHERE a.id IN (${list(ids)})`);
}

/** Ids of auctions this address won (settled) or leads after their end time (won, not yet settled). */
export async function auctionIdsWonBy(ponder: PonderReader, address: string, nowSeconds: number): Promise<string[]> {
  const rows = await ponder.rows<{ id: string }>(sql`
    SELECT id::text FROM auction
     WHERE winner = ${address}
        OR (status = 'started' AND highest_bidder = ${address} AND end_time <= ${String(nowSeconds)})
     ORDER BY id DESC LIMIT 500`);
  return rows.map((r) => r.id);
}

export type BidRow = TableRow<
  'bid',
  IndexerTables['pending_return'] & 'last_withdrawal_id',
  {
    id: string;
    auction_id: string;
    bidder: string;
    amount: string;
    extended: boolean;
    end_time: string;
    previous_bid_id: string | null;
    previous_bidder: string | null;
    previous_amount: string | null;
    outbid_by: string | null;
    block_number: string;
    log_index: number;
    timestamp: string;
    tx_hash: string;
    /** The bidder's latest withdrawal: refunds credited before it are withdrawn. */
    last_withdrawal_id: string | null;
  }
>;

const bidColumns = sql`
  b.id, b.auction_id::text, b.bidder, b.amount::text, b.extended, b.end_time::text, b.previous_bid_id,
  b.previous_bidder, b.previous_amount::text, b.outbid_by, b.block_number::text, b.log_index, b.timestamp::text,
  b.tx_hash, p.last_withdrawal_id`;

/** One page of an auction's bids, highest first, and how many there are. */
export async function bidsOfAuction(ponder: PonderReader, auctionId: string, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    ponder.rows<BidRow>(sql`
      SELECT ${bidColumns} FROM bid b LEFT JOIN pending_return p ON p.account = b.bidder
       WHERE b.auction_id = ${auctionId} ORDER BY b.amount DESC, b.id ASC LIMIT ${limit} OFFSET ${offset}`),
    ponder.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM bid WHERE auction_id = ${auctionId}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** A bidder's latest bids (newest first), at most `limit`, and how many there are. */
export async function bidsOfBidder(ponder: PonderReader, bidder: string, limit: number) {
  const [rows, [count]] = await Promise.all([
    ponder.rows<BidRow>(sql`
      SELECT ${bidColumns} FROM bid b LEFT JOIN pending_return p ON p.account = b.bidder
       WHERE b.bidder = ${bidder} ORDER BY b.id DESC LIMIT ${limit}`),
    ponder.rows<{ total: number }>(sql`SELECT count(*)::int AS total FROM bid WHERE bidder = ${bidder}`),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** Bids in blocks after `block`, in chain order (the outbid follower's feed). */
export function bidsAfterBlock(ponder: PonderReader, block: number, limit: number): Promise<BidRow[]> {
  return ponder.rows<BidRow>(sql`
    SELECT ${bidColumns} FROM bid b LEFT JOIN pending_return p ON p.account = b.bidder
     WHERE b.block_number > ${String(block)} ORDER BY b.id ASC LIMIT ${limit}`);
}

/** Whether the indexer holds the bid of this log of this transaction. */
export async function bidOfLogIndexed(ponder: PonderReader, txHash: string, logIndex: number): Promise<boolean> {
  const rows = await ponder.rows<{ id: string }>(sql`SELECT id FROM bid WHERE tx_hash = ${txHash} AND log_index = ${logIndex} LIMIT 1`);
  return rows.length > 0;
}

/** Those of these transactions whose bid has since been outbid. */
export async function outbidBidTxs(ponder: PonderReader, hashes: readonly string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const rows = await ponder.rows<{ tx_hash: string; outbid_by: string | null }>(sql`SELECT tx_hash, outbid_by FROM bid WHERE tx_hash IN (${list(hashes)})`);
  return new Set(rows.filter((row) => row.outbid_by).map((row) => row.tx_hash));
}

/** The highest block holding a bid, or 0. */
export async function lastBidBlock(ponder: PonderReader): Promise<number> {
  const [row] = await ponder.rows<{ block: string | null }>(sql`SELECT max(block_number)::text AS block FROM bid`);
  return row?.block ? Number(row.block) : 0;
}

export type SettlementRow = TableRow<
  'settlement',
  never,
  {
    auction_id: string;
    /** The buyer: settlements without one (nothing sold) are not read. */
    winner: string;
    amount: string;
    /** The seller's cost, kept from `amount`. */
    fee: string;
    /** The buyer's premium, paid on top of `amount`. */
    premium: string;
    block_number: string;
    /** Unix seconds of the settlement's block. */
    timestamp: string;
    tx_hash: string;
  }
>;

/** Auctions settled with a winner (sold) in blocks after `block`, in chain order: the settlement of each. */
export function salesSettledAfterBlock(ponder: PonderReader, block: number, limit: number): Promise<SettlementRow[]> {
  return ponder.rows<SettlementRow>(sql`
    SELECT s.auction_id::text, s.winner, s.amount::text, s.fee::text, s.premium::text, s.block_number::text, s.timestamp::text, s.tx_hash
      FROM settlement s
     WHERE s.block_number > ${String(block)} AND s.winner IS NOT NULL ORDER BY s.block_number ASC, s.auction_id ASC LIMIT ${limit}`);
}

export type WithdrawalRow = TableRow<
  'withdrawal',
  never,
  {
    id: string;
    account: string;
    amount: string;
    block_number: string;
    tx_hash: string;
  }
>;

/** Withdrawn events of these transactions. */
export function withdrawalsByTx(ponder: PonderReader, hashes: readonly string[]): Promise<WithdrawalRow[]> {
  if (hashes.length === 0) return Promise.resolve([]);
  return ponder.rows<WithdrawalRow>(sql`
    SELECT id, account, amount::text, block_number::text, tx_hash FROM withdrawal WHERE tx_hash IN (${list(hashes)})`);
}

export type TokenRow = TableRow<
  'token',
  'operator_approved' | 'operator_tx_hash',
  {
    contract: string;
    token_id: string;
    owner: string;
    approved: string | null;
    approved_tx_hash: string | null;
    metadata_url: string | null;
    minter: string;
    mint_tx_hash: string;
    /** Unix seconds of the mint's block. */
    minted_at: string;
    /** The owner has approved `operator` for all its tokens (setApprovalForAll). */
    operator_approved: boolean | null;
    operator_tx_hash: string | null;
  }
>;

const tokenColumns = sql`
  t.contract, t.token_id::text, t.owner, t.approved, t.approved_tx_hash, t.metadata_url, t.minter, t.mint_tx_hash,
  t.minted_at::text, o.approved AS operator_approved, o.tx_hash AS operator_tx_hash`;

/** These tokens of one contract, with whether their owner approved `operator` for all its tokens. */
export function tokens(ponder: PonderReader, contract: string, tokenIds: readonly string[], operator: string): Promise<TokenRow[]> {
  if (tokenIds.length === 0) return Promise.resolve([]);
  return ponder.rows<TokenRow>(sql`
    SELECT ${tokenColumns}
      FROM token t
      LEFT JOIN operator_approval o ON o.contract = t.contract AND o.owner = t.owner AND o.operator = ${operator}
     WHERE t.contract = ${contract} AND t.token_id IN (${list(tokenIds)})`);
}

/**
 * A fingerprint of `contract`'s tokens and of the approvals of `operator` on them: it changes with every mint,
 * transfer and approval (block of the last token change, counts of tokens and of operator approvals given).
 */
export async function tokensFingerprint(ponder: PonderReader, contract: string, operator: string): Promise<string> {
  const [tokens] = await ponder.rows<{ n: number; last: string | null; block: string | null }>(sql`
    SELECT count(*)::int AS n, max(token_id)::text AS last, max(updated_block)::text AS block FROM token WHERE contract = ${contract}`);
  const [approvals] = await ponder.rows<{ n: number; given: number; tx: string | null }>(sql`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE approved)::int AS given, max(tx_hash) AS tx
      FROM operator_approval WHERE contract = ${contract} AND operator = ${operator}`);
  return [tokens?.n, tokens?.last, tokens?.block, approvals?.n, approvals?.given, approvals?.tx].join('/');
}

/** `contract`'s tokens above id `after`, ascending, at most `limit`, as tokens() reads them. */
export function tokensAfter(ponder: PonderReader, contract: string, after: string, limit: number, operator: string): Promise<TokenRow[]> {
  return ponder.rows<TokenRow>(sql`
    SELECT ${tokenColumns}
      FROM token t
      LEFT JOIN operator_approval o ON o.contract = t.contract AND o.owner = t.owner AND o.operator = ${operator}
     WHERE t.contract = ${contract} AND t.token_id > ${after} ORDER BY t.token_id LIMIT ${limit}`);
}

/** Token ids of `contract` that `owner` holds (at most 1000). */
export async function tokenIdsOwnedBy(ponder: PonderReader, contract: string, owner: string): Promise<string[]> {
  const rows = await ponder.rows<{ token_id: string }>(sql`
    SELECT token_id::text FROM token WHERE contract = ${contract} AND owner = ${owner} LIMIT 1000`);
  return rows.map((r) => r.token_id);
}
