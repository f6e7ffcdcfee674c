/**
 * The api's reads of the indexer against the indexer's schema: every query reads.ts sends names only tables of
 * indexer/ponder.schema.ts and, of each, only its columns. A column renamed or dropped in the schema (or a table)
 * fails here, not at the first request a user makes.
 */
import { compileQuery, type SQL } from '@ponder/client';
import { describe, expect, it } from 'vitest';
import * as indexerSchema from '../../../indexer/ponder.schema.ts';
import type { PonderReader } from './ponder.ts';
import * as reads from './reads.ts';

/** Table name -> its columns, as Ponder names them in SQL. */
const schemaTables = new Map<string, Set<string>>(
  Object.values(indexerSchema).map((table) => {
    const named = table as unknown as Record<symbol, unknown>;
    const columns = Object.values(named[Symbol.for('drizzle:Columns')] as Record<string, { name: string }>);
    return [named[Symbol.for('drizzle:Name')] as string, new Set(columns.map((column) => column.name))];
  }),
);

/** Every query each read sends, with arguments that make it send them (non-empty lists). */
async function sentQueries(): Promise<Map<string, string[]>> {
  const sent = new Map<string, string[]>();
  const run = async (name: keyof typeof reads, read: (ponder: PonderReader) => Promise<unknown>) => {
    const queries: string[] = [];
    const rows = async (query: SQL) => {
      queries.push(compileQuery(query).sql);
      return [];
    };
    const recorder = { rows } as unknown as PonderReader;
    await read(recorder);
    sent.set(name, queries);
  };
  const address = '0x0000000000000000000000000000000000000001';
  await run('auctions', (p) => reads.auctions(p, ['1']));
  await run('auctionIdsWonBy', (p) => reads.auctionIdsWonBy(p, address, 0));
  await run('bidsOfAuction', (p) => reads.bidsOfAuction(p, '1', 10, 0));
  await run('bidsOfBidder', (p) => reads.bidsOfBidder(p, address, 10));
  await run('bidsAfterBlock', (p) => reads.bidsAfterBlock(p, 0, 10));
  await run('bidOfLogIndexed', (p) => reads.bidOfLogIndexed(p, '0x01', 0));
  await run('outbidBidTxs', (p) => reads.outbidBidTxs(p, ['0x01']));
  await run('lastBidBlock', (p) => reads.lastBidBlock(p));
  await run('salesSettledAfterBlock', (p) => reads.salesSettledAfterBlock(p, 0, 10));
  await run('withdrawalsByTx', (p) => reads.withdrawalsByTx(p, ['0x01']));
  await run('tokens', (p) => reads.tokens(p, address, ['1'], address));
  await run('tokensFingerprint', (p) => reads.tokensFingerprint(p, address, address));
  await run('tokensAfter', (p) => reads.tokensAfter(p, address, '0', 10, address));
  await run('tokenIdsOwnedBy', (p) => reads.tokenIdsOwnedBy(p, address, address));
  return sent;
}

const SQL_WORDS = new Set([
  'select',
  'from',
  'where',
  'in',
  'and',
  'or',
  'not',
  'is',
  'null',
  'left',
  'join',
  'on',
  'as',
  'order',
  'by',
  'asc',
  'desc',
  'limit',
  'offset',
  'count',
  'max',
  'filter',
  'text',
  'int',
]);

/** The names in one query that are not a table or column of the tables it reads. */
function unknownNames(query: string): string[] {
  const text = query.replace(/'[^']*'/g, ' ').replace(/\$\d+/g, ' ');
  const unknown: string[] = [];
  const aliases = new Map<string, string>();
  for (const [, table, alias] of text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_]+)(?:\s+(?!WHERE\b|ON\b|LEFT\b|JOIN\b|ORDER\b|LIMIT\b)([a-z]+))?/gi)) {
    if (!schemaTables.has(table!)) unknown.push(table!);
    aliases.set(table!, table!);
    if (alias) aliases.set(alias, table!);
  }
  const outputs = new Set([...text.matchAll(/\bAS\s+([a-z_]+)/gi)].map((match) => match[1]!));
  const columnsRead = new Set([...aliases.values()].flatMap((table) => [...(schemaTables.get(table) ?? [])]));
  for (const [, alias, column] of text.matchAll(/\b([a-z_]+)\.([a-z_]+)\b/gi)) {
    const table = aliases.get(alias!);
    if (!table || !schemaTables.get(table)?.has(column!)) unknown.push(`${alias}.${column}`);
  }
  for (const match of text.matchAll(/(?<![.\w])([a-z_][a-z0-9_]*)\b(?!\.)/gi)) {
    const name = match[1]!;
    if (SQL_WORDS.has(name.toLowerCase()) || aliases.has(name) || outputs.has(name) || columnsRead.has(name)) continue;
    unknown.push(name);
  }
  return unknown;
}

describe("the api's reads of the indexer", () => {
  it('reads every table and column by a name the schema has', async () => {
    const sent = await sentQueries();
    const exported = Object.entries(reads).filter(([, value]) => typeof value === 'function');
    // A read added without a line above would go unchecked.
    expect(exported.map(([name]) => name).sort()).toEqual([...sent.keys()].sort());
    for (const [name, queries] of sent) {
      expect(queries.length, name).toBeGreaterThan(0);
      for (const query of queries) expect(unknownNames(query), `${name}: ${query}`).toEqual([]);
    }
  });

  it('notices a name the schema lacks', () => {
    expect(unknownNames('SELECT a.id, a.nft_idx FROM auction a LEFT JOIN bids b ON b.id = a.highest_bid_id WHERE a.seller = $1 AND colour = $2')).toEqual(['bids', 'a.nft_idx', 'b.id', 'colour']);
  });
});
