/**
 * Sale documents: when a lot is won (its close, a Buy Now), the same transaction issues the buyer's invoice and the
 * seller's statement. Each number comes from its kind's counter row for the year, taken by one upsert that adds one
 * and returns it: the row's lock serialises concurrent closes, and a transaction that rolls back gives its number
 * back with it, so the numbers of a year are unique and without gaps.
 *
 * Figures: the hammer (the sold price), the buyer's premium and the seller's commission at the event's rates
 * (house-rates.ts), the buyer's tax at the rate of the country their profile names at the win (house-tax.ts; none
 * named, none levied, and the invoice says so), the statement's fees 0 (the house charges none beside the
 * commission). An ETH lot won on chain by a bidder's own wallet, with no winner recorded in Gavel, takes its figures
 * from the contract's settlement instead (chain-documents.ts); the numbering and the rest are the same code.
 */
import {
  displayAmount,
  documentNumber,
  formatAmount,
  type Invoice,
  lotPremiumTable,
  rateCharge,
  type SellerStatement,
  type TaxBase,
  tableFor,
  taxAmount,
  taxLineText,
  taxRateFor,
  type Unit,
  unitFor,
} from '@gavel/domain';
import { buyerCountry, lotTaxTable } from './rates.ts';
import { platformFeeOf } from '../bitcoin/offer/layout.ts';
import type { SaleInvoiceLink } from '../mail/templates.ts';
import type { Prisma, PrismaClient } from '../generated/prisma/client.ts';
import { fullNameOf } from '../auth/user-name.ts';

type Tx = Prisma.TransactionClient;
type Db = PrismaClient | Tx;

/** The next number of `kind` in `year`, in the caller's transaction. */
async function nextSeq(tx: Tx, kind: 'invoice' | 'statement', year: number): Promise<number> {
  const [row] = await tx.$queryRaw<Array<{ last: number }>>`
    INSERT INTO "DocumentCounter" (kind, year, last) VALUES (${kind}, ${year}, 1)
    ON CONFLICT (kind, year) DO UPDATE SET last = "DocumentCounter".last + 1
    RETURNING last`;
  return row!.last;
}

const soldLotSelect = {
  winnerId: true,
  creatorId: true,
  soldPrice: true,
  currentBid: true,
  paymentMethod: true,
  chainPremiumBps: true,
  winningBidId: true,
  auctionEvent: { select: { buyerPremium: true, sellerCommission: true, buyerTax: true } },
} satisfies Prisma.LotSelect;
export type SoldLot = Prisma.LotGetPayload<{ select: typeof soldLotSelect }>;

/** A sale's figures as its win decides them; the tax, the totals and the numbers are the documents' own. */
export interface SaleFigures {
  buyerId: string | null;
  hammer: bigint;
  premium: bigint;
  /** The buyer's fees beside the premium (a Bitcoin swap's platform fee). */
  fees: bigint;
  commission: bigint;
  /** When the seller was paid their net by the sale itself (a contract's settlement); null: a payout to come. */
  paidOutAt: Date | null;
}

/**
 * Issues the invoice and the statement of a lot just won, inside the transaction that records the win: a close, a
 * Buy Now, a second-chance offer accepted, a runner-up awarded the lot. A lot whose documents are already issued and
 * not void (a retried close) is left as it is, and takes no number.
 */
export async function issueSaleDocuments(tx: Tx, lotId: string, now = new Date()): Promise<void> {
  await issueDocumentsOnce(tx, lotId, now, async (lot) => {
    const sold = lot.soldPrice ?? lot.currentBid;
    if (!sold) return null;
    const unit = unitFor(lot.paymentMethod);
    const hammer = BigInt(sold.toFixed(0));
    return {
      buyerId: lot.winnerId,
      hammer,
      premium: rateCharge(hammer, lotPremiumTable(lot, lot.auctionEvent.buyerPremium)),
      fees: await swapFeeOf(tx, lot, hammer),
      commission: rateCharge(hammer, tableFor(lot.auctionEvent.sellerCommission, unit)),
      paidOutAt: null,
    };
  });
}

/**
 * The one way a lot's documents are issued: unless it has an invoice that is not void, the buyer's invoice and the
 * seller's statement of the figures `figuresOf` gives (none: nothing is issued), numbered in `tx`. The buyer's tax
 * is levied at the rate of the country their profile names now (none for a coin lot). Returns whether it issued.
 */
export async function issueDocumentsOnce(tx: Tx, lotId: string, now: Date, figuresOf: (lot: SoldLot) => Promise<SaleFigures | null>): Promise<boolean> {
  const lot = await tx.lot.findUnique({ where: { id: lotId }, select: soldLotSelect });
  if (!lot || (await tx.invoice.count({ where: { lotId, voidedAt: null } })) > 0) return false;
  const sale = await figuresOf(lot);
  if (!sale) return false;
  const unit = unitFor(lot.paymentMethod);
  const { hammer, premium, fees, commission } = sale;
  const country = await buyerCountry(tx, sale.buyerId);
  const taxRate = taxRateFor(lotTaxTable(lot.paymentMethod, lot.auctionEvent.buyerTax), country);
  const tax = taxAmount(hammer, premium, taxRate);
  const year = now.getUTCFullYear();
  const invoiceSeq = await nextSeq(tx, 'invoice', year);
  await tx.invoice.create({
    data: {
      number: documentNumber('INV', year, invoiceSeq),
      year,
      seq: invoiceSeq,
      lotId,
      buyerId: sale.buyerId,
      unit,
      hammer: hammer.toString(),
      premium: premium.toString(),
      tax: tax.toString(),
      taxCountry: country,
      taxBasisPoints: taxRate?.basisPoints ?? 0,
      taxBase: taxRate?.base ?? null,
      fees: fees.toString(),
      total: (hammer + premium + tax + fees).toString(),
      issuedAt: now,
    },
  });
  const statementSeq = await nextSeq(tx, 'statement', year);
  await tx.sellerStatement.create({
    data: {
      number: documentNumber('ST', year, statementSeq),
      year,
      seq: statementSeq,
      lotId,
      sellerId: lot.creatorId,
      unit,
      hammer: hammer.toString(),
      commission: commission.toString(),
      fees: '0',
      net: (hammer - commission).toString(),
      issuedAt: now,
      paidOutAt: sale.paidOutAt,
    },
  });
  return true;
}

/**
 * The platform fee a BTC lot's winner paid in the swap (its output to the house's fee address, beside the premium:
 * bitcoin/offer/layout.ts): a win by a signed offer, from the wallet or the vault. A card win pays none.
 */
async function swapFeeOf(tx: Tx, lot: { paymentMethod: string; winningBidId: string | null }, hammer: bigint): Promise<bigint> {
  if (lot.paymentMethod !== 'BTC' || !lot.winningBidId) return 0n;
  const bid = await tx.bid.findUnique({ where: { id: lot.winningBidId }, select: { signedPsbtHex: true } });
  return bid?.signedPsbtHex ? BigInt(platformFeeOf(Number(hammer))) : 0n;
}

/**
 * Voids a lot's invoice and statement, in the transaction that voids its sale (not paid by its deadline): they keep
 * their numbers, so a year's stay without gaps, and the lot's next buyer (a second-chance offer, a runner-up, a
 * relisted sale) gets documents of their own.
 */
export async function voidSaleDocuments(tx: Tx, lotId: string, now = new Date()): Promise<void> {
  await tx.invoice.updateMany({ where: { lotId, voidedAt: null }, data: { voidedAt: now } });
  await tx.sellerStatement.updateMany({ where: { lotId, voidedAt: null }, data: { voidedAt: now } });
}

const amount = (value: { toFixed(digits: number): string }, unit: string) => formatAmount(BigInt(value.toFixed(0)), unit as Unit);

export const invoiceInclude = {
  lot: { select: { title: true, paid: true, winnerId: true, winner: { select: { firstName: true, lastName: true, name: true } } } },
} satisfies Prisma.InvoiceInclude;
type InvoiceRow = Prisma.InvoiceGetPayload<{ include: typeof invoiceInclude }>;

export function presentInvoice(row: InvoiceRow): Invoice {
  return {
    _id: row.id,
    number: row.number,
    lotId: row.lotId,
    lotTitle: row.lot.title,
    // The lot's winner is this invoice's buyer until the sale is voided and the lot sold to another.
    buyerName: row.lot.winner && row.lot.winnerId === row.buyerId ? fullNameOf(row.lot.winner) : null,
    unit: row.unit as Unit,
    hammer: amount(row.hammer, row.unit),
    premium: amount(row.premium, row.unit),
    tax: amount(row.tax, row.unit),
    fees: amount(row.fees, row.unit),
    taxLine: taxLineText(row.taxBase ? { country: row.taxCountry ?? '', basisPoints: row.taxBasisPoints, base: row.taxBase as TaxBase } : null, row.taxCountry),
    total: amount(row.total, row.unit),
    paid: !row.voidedAt && row.lot.paid,
    issuedAt: row.issuedAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

export const statementInclude = { lot: { select: { title: true, paid: true } } } satisfies Prisma.SellerStatementInclude;
type StatementRow = Prisma.SellerStatementGetPayload<{ include: typeof statementInclude }>;

export function presentStatement(row: StatementRow): SellerStatement {
  return {
    _id: row.id,
    number: row.number,
    lotId: row.lotId,
    lotTitle: row.lot.title,
    unit: row.unit as Unit,
    hammer: amount(row.hammer, row.unit),
    commission: amount(row.commission, row.unit),
    fees: amount(row.fees, row.unit),
    net: amount(row.net, row.unit),
    buyerPaid: !row.voidedAt && row.lot.paid,
    paidOutAt: row.paidOutAt?.toISOString() ?? null,
    issuedAt: row.issuedAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180), and never read as a formula. */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * An event's figures, one row per invoice: the hammer, premium, commission and tax, the buyer's total, whether the
 * buyer paid (what is still unpaid), whether the seller was paid out, and when the sale was voided (a void row owes
 * nothing). Amounts in each lot's display unit.
 */
export async function eventFiguresCsv(db: Db, eventId: string): Promise<string> {
  const invoices = await db.invoice.findMany({
    where: { lot: { auctionEventId: eventId } },
    include: { lot: { select: { title: true, lotNumber: true, paid: true } } },
    orderBy: [{ year: 'asc' }, { seq: 'asc' }],
  });
  // An invoice and its statement are issued together, at one instant, and voided together.
  const sale = (document: { lotId: string; issuedAt: Date }) => `${document.lotId} ${document.issuedAt.toISOString()}`;
  const statements = new Map((await db.sellerStatement.findMany({ where: { lotId: { in: invoices.map((i) => i.lotId) } } })).map((s) => [sale(s), s]));
  const rows = [['invoice', 'statement', 'lot number', 'lot', 'unit', 'hammer', 'premium', 'commission', 'tax', 'buyer fees', 'total', 'paid', 'unpaid', 'seller net', 'paid out', 'voided']];
  for (const invoice of invoices) {
    const statement = statements.get(sale(invoice));
    const total = amount(invoice.total, invoice.unit);
    const owed = invoice.voidedAt ? '0' : total;
    rows.push([
      invoice.number,
      statement?.number ?? '',
      String(invoice.lot.lotNumber),
      invoice.lot.title,
      invoice.unit,
      amount(invoice.hammer, invoice.unit),
      amount(invoice.premium, invoice.unit),
      statement ? amount(statement.commission, statement.unit) : '0',
      amount(invoice.tax, invoice.unit),
      amount(invoice.fees, invoice.unit),
      total,
      invoice.lot.paid ? owed : '0',
      invoice.lot.paid ? '0' : owed,
      statement ? amount(statement.net, statement.unit) : '',
      statement?.paidOutAt ? statement.paidOutAt.toISOString() : '',
      invoice.voidedAt ? invoice.voidedAt.toISOString() : '',
    ]);
  }
  return `${rows.map((row) => row.map(field).join(',')).join('\r\n')}\r\n`;
}

/** A lot's invoice as its mails link it, with the premium and tax it includes; null before one is issued. */
export async function invoiceLinkOf(db: Db, lotId: string): Promise<SaleInvoiceLink | null> {
  const invoice = await db.invoice.findFirst({ where: { lotId, voidedAt: null }, select: { id: true, number: true, premium: true, tax: true, unit: true } });
  if (!invoice) return null;
  const shown = (value: { toFixed(digits: number): string }) => {
    const cents = BigInt(value.toFixed(0));
    return cents > 0n ? displayAmount(cents, invoice.unit as Unit) : null;
  };
  return { id: invoice.id, number: invoice.number, premium: shown(invoice.premium), tax: shown(invoice.tax) };
}
