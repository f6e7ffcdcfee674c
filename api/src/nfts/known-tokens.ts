/**
 * The NFTs Gavel knows are its NFT records: every token someone recorded through POST /nfts, and every token
 * Gavel sees without anyone recording it, which becomes a record here: each GavelNFT token the indexer saw
 * minted (demo auctions, card mints and mints from the admin's lot page included) and each token a lot sells
 * on another contract (read from the node). Such a record has no recorder; its name is the title of the lot
 * selling the token, else the name in the token's metadata when the metadata is inline, else the contract's
 * name and the token id. The first owner to record it through POST /nfts names it (nfts/records.ts).
 *
 * The lists call `sync()` before reading. For GavelNFT it also brings every record's chain columns (owner,
 * approval, status) up to the indexer's, so the list filters and the figures follow mints, escrows, sales and
 * approvals, not only the rows a list page happened to show. It sweeps the indexer's tokens only when their
 * fingerprint (mints, transfers, approvals) or the number of records changed since the last sweep, so a read
 * between two changes costs three small queries.
 */
import type { Database } from '../db/client.ts';
import type { ChainService } from '../chain/index.ts';
import type { Nft as NftRow } from '../generated/prisma/client.ts';
import { IndexerUnavailable } from '../chain/ponder.ts';
import { tokensAfter, tokensFingerprint } from '../chain/reads.ts';
import { chainTokenOf, readTokens, tokenKey, type ChainToken, type TokenKey } from '../chain/tokens.ts';

/** What NFT records read and write: the database and the chain. */
export interface NftServices {
  db: Database;
  chain: ChainService;
}

const SWEEP_PAGE = 500;
const NO_HOUSE = '0x0000000000000000000000000000000000000000';
/** Lot tokens on other contracts read per sync, and how long one the node does not know is left alone. */
const OTHER_CONTRACT_BATCH = 20;
const ABSENT_RETRY_MS = 5 * 60_000;

/** The record's columns the chain decides. What the indexer does not know (after an RPC read) is kept. */
export function chainFields(token: ChainToken, house: string | null, row: NftRow | null) {
  const inAuction = house !== null && token.owner === house;
  const approved = token.approvedForAuction || inAuction;
  return {
    ownerAddress: token.owner,
    status: approved ? ('approved' as const) : ('minted' as const),
    isApprovedForAuction: approved,
    auctionContractAddress: approved ? house : null,
    approveTxHash: approved ? (token.approveTxHash ?? row?.approveTxHash ?? null) : null,
    mintTxHash: token.mintTxHash ?? row?.mintTxHash ?? null,
    deployerAddress: token.minter ?? row?.deployerAddress ?? null,
  };
}

/** The record with its chain columns brought up to the chain's (written only when they changed). */
export async function followChain({ db, chain }: NftServices, record: NftRow, token: ChainToken): Promise<NftRow> {
  const fields = chainFields(token, chain.auctionHouse, record);
  const changed = (Object.keys(fields) as (keyof typeof fields)[]).some((k) => fields[k] !== record[k]);
  return changed ? db.prisma.nft.update({ where: { id: record.id }, data: fields }) : record;
}

export class KnownTokens {
  private swept: string | null = null;
  private running: Promise<void> | null = null;
  private readonly absentUntil = new Map<string, number>();

  constructor(private readonly services: NftServices) {}

  /** Records the tokens Gavel sees and nobody recorded yet, and follows GavelNFT records. Concurrent calls share one pass. */
  sync(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    try {
      await this.gavelTokens();
    } catch (error) {
      // The indexer being down is logged by its reader; the lists then show the records as they are.
      if (!(error instanceof IndexerUnavailable)) throw error;
    }
    await this.lotTokensElsewhere();
  }

  private async gavelTokens(): Promise<void> {
    const { chain, db } = this.services;
    const contract = chain.nft;
    if (!contract) return;
    const house = chain.auctionHouse ?? NO_HOUSE;
    const records = async () => (await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM "Nft" WHERE "contractAddress" = $1`, [contract]))[0]?.n ?? 0;
    const fingerprint = await tokensFingerprint(chain.ponder, contract, house);
    if (`${fingerprint}/${await records()}` === this.swept) return;
    const recorded = new Map((await db.prisma.nft.findMany({ where: { contractAddress: contract } })).map((row) => [row.tokenId.toFixed(0), row]));
    for (let after = '0'; ; ) {
      const page = await tokensAfter(chain.ponder, contract, after, SWEEP_PAGE, house);
      const missing = new Map<string, ChainToken>();
      for (const row of page) {
        const token = chainTokenOf(row, house);
        const record = recorded.get(row.token_id);
        if (!record) missing.set(row.token_id, token);
        else await followChain(this.services, record, token);
      }
      await this.record(contract, missing);
      if (page.length < SWEEP_PAGE) break;
      after = page[page.length - 1]!.token_id;
    }
    this.swept = `${fingerprint}/${await records()}`;
  }

  /** Tokens lots sell on contracts the indexer does not follow, read from the node a few at a time. */
  private async lotTokensElsewhere(): Promise<void> {
    const { chain, db } = this.services;
    const rows = await db.sql<TokenKey>(
      `SELECT DISTINCT lower(l."contractAddress") AS "contractAddress", l."tokenId"::text AS "tokenId"
         FROM "Lot" l
        WHERE l."contractAddress" IS NOT NULL AND l."tokenId" IS NOT NULL AND lower(l."contractAddress") <> $1
          AND NOT EXISTS (SELECT 1 FROM "Nft" n WHERE n."contractAddress" = lower(l."contractAddress") AND n."tokenId" = l."tokenId")`,
      [chain.nft ?? ''],
    );
    const now = Date.now();
    const due = rows.filter((k) => (this.absentUntil.get(tokenKey(k.contractAddress, k.tokenId)) ?? 0) <= now).slice(0, OTHER_CONTRACT_BATCH);
    if (due.length === 0) return;
    const { tokens } = await readTokens(chain, due, { rpcFallback: true });
    for (const k of due) {
      const key = tokenKey(k.contractAddress, k.tokenId);
      const token = tokens.get(key);
      if (token) await this.record(k.contractAddress, new Map([[k.tokenId, token]]));
      else this.absentUntil.set(key, now + ABSENT_RETRY_MS);
    }
  }

  /** Records these tokens of one contract (by id) as the chain has them. */
  private async record(contract: string, tokens: Map<string, ChainToken>): Promise<void> {
    if (tokens.size === 0) return;
    const { chain, db } = this.services;
    const lots = await lotsSelling(this.services, contract, [...tokens.keys()]);
    const data = [...tokens].map(([tokenId, token]) => {
      const lot = lots.get(tokenId);
      const metadata = inlineMetadata(token.metadataUrl);
      return {
        contractAddress: contract,
        tokenId,
        name: lot?.title ?? metadata.name ?? `${contract === chain.nft ? 'GavelNFT' : 'Token'} #${tokenId}`,
        description: metadata.description ?? '',
        imageUrl: lot?.image ?? metadata.image ?? null,
        metadataUrl: token.metadataUrl,
        ...chainFields(token, chain.auctionHouse, null),
        ...(token.mintedAt ? { createdAt: token.mintedAt } : {}),
      };
    });
    // A POST /nfts or another instance may record one first: the unique token key keeps one record.
    await db.prisma.nft.createMany({ data, skipDuplicates: true });
  }
}

/** The lot last linked to each of these tokens of `contract` (the one changed last), by token id: its title and first image. */
async function lotsSelling({ db }: NftServices, contract: string, tokenIds: string[]): Promise<Map<string, { title: string; image: string | null }>> {
  const rows = await db.sql<{ tokenId: string; title: string; image: string | null }>(
    `SELECT DISTINCT ON (l."tokenId") l."tokenId"::text AS "tokenId", l.title, l."imageUrls"[1] AS image
       FROM "Lot" l
      WHERE lower(l."contractAddress") = $1 AND l."tokenId" = ANY($2::numeric[])
      ORDER BY l."tokenId", l."updatedAt" DESC`,
    [contract, tokenIds],
  );
  return new Map(rows.map((r) => [r.tokenId, { title: r.title, image: r.image }]));
}

/** Name, description and image of metadata carried in its own URL (data:application/json); nothing is fetched. */
function inlineMetadata(url: string | null): { name?: string; description?: string; image?: string } {
  const match = url ? /^data:application\/json(;base64)?,(.*)$/s.exec(url) : null;
  if (!match) return {};
  try {
    const text = match[1] ? Buffer.from(match[2]!, 'base64').toString('utf8') : decodeURIComponent(match[2]!);
    const json = JSON.parse(text) as Record<string, unknown>;
    const text255 = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 255) : undefined);
    const image = typeof json.image === 'string' && /^(https?:|ipfs:|data:image\/)/.test(json.image) ? json.image : undefined;
    return { name: text255(json.name), description: text255(json.description), image };
  } catch {
    return {};
  }
}
