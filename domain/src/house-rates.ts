/**
 * The house's business on a sale: the buyer's premium (paid by the winner on top of the hammer price) and the
 * seller's commission (kept from the hammer price), each a rate table in tiers of the hammer price, as the large
 * houses publish them ("25% up to $1,000,000, 20% to $6,000,000, 15% above").
 *
 * Exact in every unit: thresholds are in the lot's smallest unit (cents, sats, wei) and rates in basis points
 * (hundredths of a percent), so no float ever touches money. One rounding rule: each tier's part is the slice of
 * the hammer inside that tier times its rate, rounded half up to the unit, and the charge is the sum of the parts.
 * Every part is monotone in the hammer, so the sum is too, and a hammer of zero is charged zero.
 *
 * A table per unit: an event may hold USD, BTC and ETH lots, and "$1,000,000" means nothing in sats. A unit with
 * no table is charged nothing, which is the house's default ("$0 service fee").
 */
import { fill, houseRateMessages } from './messages.ts';
import { displayAmount, formatAmount, parseAmount, type Unit } from './money.ts';
import { basisPointsOf, halfUp, MAX_BASIS_POINTS, percentText } from './basis-points.ts';
import { taxAmount, type TaxRate } from './house-tax.ts';

/** The wire and stored form of a tier (schemas/house-rates.ts checks it): a threshold in the unit's display form, a percent string. */
export type RateTierWire = {
  upTo: string | null;
  percent: string;
};
export type RateTableWire = RateTierWire[];
/** A table per unit, as an event stores its premium or commission. */
export type RateScheduleWire = {
  USD?: RateTableWire | undefined;
  sats?: RateTableWire | undefined;
  ETH?: RateTableWire | undefined;
};

/** One tier: `basisPoints` of the hammer's slice above the previous tier's threshold and up to `upTo` (null: no limit). */
export interface RateTier {
  upTo: bigint | null;
  basisPoints: number;
}

/** Tiers in rising order of threshold, the last without one. An empty table charges nothing. */
export type RateTable = readonly RateTier[];

/** One part of a charge, as an invoice lists it. */
export interface RatePart {
  /** The slice of the hammer this tier applies to, in the smallest unit. */
  base: bigint;
  basisPoints: number;
  /** base x rate, rounded half up to the unit. */
  amount: bigint;
}

/** The parts of `hammer`'s charge under `table`, one per tier the hammer reaches. */
export function rateParts(hammer: bigint, table: RateTable): RatePart[] {
  if (hammer < 0n) throw new RangeError('a hammer price is never negative');
  const parts: RatePart[] = [];
  let floor = 0n;
  for (const tier of table) {
    if (hammer <= floor) break;
    const ceiling = tier.upTo === null || tier.upTo > hammer ? hammer : tier.upTo;
    const base = ceiling - floor;
    if (base > 0n) parts.push({ base, basisPoints: tier.basisPoints, amount: halfUp(base, tier.basisPoints) });
    if (tier.upTo === null) break;
    floor = tier.upTo;
  }
  return parts;
}

/** The charge on `hammer` under `table`: the sum of its parts. */
export function rateCharge(hammer: bigint, table: RateTable): bigint {
  let total = 0n;
  for (const part of rateParts(hammer, table)) total += part.amount;
  return total;
}

/** Whether a table charges anything at all (a table of zero rates is the same as none). */
export function chargesAnything(table: RateTable | undefined | null): boolean {
  return !!table && table.some((tier) => tier.basisPoints > 0);
}

/** The first tier's rate, "25%", as the bid form names the premium beside the all-in figure. */
export function headlineRate(table: RateTable): string {
  const first = table.find((tier) => tier.basisPoints > 0);
  return first ? percentText(first.basisPoints) : '0%';
}

/** Why a table cannot be used, or null: thresholds rising, the last tier open-ended, every rate 0 to 100%. */
export function rateTableProblem(table: RateTable): string | null {
  if (table.length === 0) return null;
  let previous = 0n;
  for (const [index, tier] of table.entries()) {
    if (!Number.isInteger(tier.basisPoints) || tier.basisPoints < 0 || tier.basisPoints > MAX_BASIS_POINTS) {
      return 'Each rate is a percentage from 0 to 100 with at most two decimals.';
    }
    const last = index === table.length - 1;
    if (last !== (tier.upTo === null)) return 'Only the last tier has no upper threshold.';
    if (tier.upTo !== null) {
      if (tier.upTo <= previous) return 'Tier thresholds must rise.';
      previous = tier.upTo;
    }
  }
  return null;
}

/** A rate table per unit; a missing unit is charged nothing. */
export type RateSchedule = Partial<Record<Unit, RateTable>>;

/** The wire form of one unit's table, read exactly; throws AmountError or RangeError on a bad one. */
export function rateTableFromWire(wire: RateTableWire | undefined, unit: Unit): RateTable {
  if (!wire) return [];
  const table = wire.map((tier) => ({ upTo: tier.upTo === null ? null : parseAmount(tier.upTo, unit), basisPoints: basisPointsOf(tier.percent) }));
  const problem = rateTableProblem(table);
  if (problem) throw new RangeError(problem);
  return table;
}

/** A unit's table for the wire. */
export function rateTableToWire(table: RateTable, unit: Unit): RateTableWire {
  return table.map((tier) => ({ upTo: tier.upTo === null ? null : formatAmount(tier.upTo, unit), percent: percentText(tier.basisPoints).slice(0, -1) }));
}

/** The problem with a whole schedule as an admin sent it, or null. */
export function rateScheduleProblem(schedule: RateScheduleWire): string | null {
  for (const unit of ['USD', 'sats', 'ETH'] as const) {
    try {
      rateTableFromWire(schedule[unit], unit);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  return null;
}

/** A sale's buyer-side lines: what an invoice, the cart and a charge all add up. */
export interface BuyerLines {
  hammer: bigint;
  premium: bigint;
  tax: bigint;
  total: bigint;
}

/** The hammer, the premium on it, the buyer's tax on those (house-tax.ts), and their sum. */
export function buyerLines(hammer: bigint, premiumTable: RateTable, rate: TaxRate | null): BuyerLines {
  const premium = rateCharge(hammer, premiumTable);
  const tax = taxAmount(hammer, premium, rate);
  return { hammer, premium, tax, total: hammer + premium + tax };
}

/** What the winner pays in all for a hammer price: the hammer, the premium on it, and the buyer's tax on those (house-tax.ts). */
export function allInAmount(hammer: bigint, premium: RateTable, tax: TaxRate | null = null): bigint {
  const charge = rateCharge(hammer, premium);
  return hammer + charge + taxAmount(hammer, charge, tax);
}

/**
 * The units whose buyer's premium an event's table sets: USD lots (the card hold, the pay-later limit, Buy Now, the
 * cart collect it) and BTC lots (the swap the bidder signs pays it to the house's fee address, a card bid's hold
 * covers it). An ETH lot's premium is its on-chain auction's, which the contract fixed at the auction's creation and
 * collects with every bid (lotPremiumTable): an event's ETH premium would be a second figure, so it is refused.
 */
export const PREMIUM_COLLECTED_UNITS: readonly Unit[] = ['USD', 'sats'];

const UNIT_NAMES: Record<Unit, string> = { USD: 'USD', sats: 'BTC', ETH: 'ETH' };

/** A unit's table, or none when it is unreadable (the schedule's own problem, told by rateScheduleProblem). */
function readableTable(wire: RateTableWire | undefined, unit: Unit): RateTable {
  try {
    return rateTableFromWire(wire, unit);
  } catch {
    return [];
  }
}

/**
 * Why an admin's commission cannot be set, or null: an ETH lot's seller pays the auction contract's own fee (its
 * `feeBps`, kept from the winning bid at settlement), which is its statement's commission; a second figure on the
 * event would be one the contract never takes.
 */
export function commissionRefusal(schedule: RateScheduleWire): string | null {
  return chargesAnything(readableTable(schedule.ETH, 'ETH')) ? houseRateMessages.commissionOnChain : null;
}

/** Why an admin's premium cannot be set, or null: it charges something on a unit whose rails do not collect it. */
export function premiumRefusal(schedule: RateScheduleWire): string | null {
  const units = (['USD', 'sats', 'ETH'] as const).filter((unit) => !PREMIUM_COLLECTED_UNITS.includes(unit) && chargesAnything(readableTable(schedule[unit], unit)));
  return units.length ? fill(houseRateMessages.premiumNotCollected, { units: units.map((unit) => UNIT_NAMES[unit]).join(' and ') }) : null;
}

/**
 * "$1,000.00 bid, $1,250.00 with the 25% buyer's premium", or null when the lot's event charges none; on a BTC lot
 * it says the premium is paid in the same swap as the bid, and with the bidder's tax (`tax`) it names that too.
 */
export function allInText(bid: bigint, unit: Unit, premium: RateTable, tax: TaxRate | null = null): string | null {
  const allIn = allInAmount(bid, premium, tax);
  if (allIn === bid && !chargesAnything(premium)) return null;
  const taxed = allIn !== allInAmount(bid, premium);
  const message = taxed ? (chargesAnything(premium) ? houseRateMessages.allInWithTax : houseRateMessages.allInTaxOnly) : unit === 'sats' ? houseRateMessages.allInSwap : houseRateMessages.allIn;
  return fill(message, { bid: displayAmount(bid, unit), allIn: displayAmount(allIn, unit), rate: headlineRate(premium), tax: tax ? percentText(tax.basisPoints) : '' });
}

/**
 * The largest hammer whose all-in amount (tax too) is within `budget` (a pay-later allowance read all in): the all-in
 * amount rises with the hammer, so a search between 0 and the budget finds it. 0 when even that is over.
 */
export function hammerWithin(budget: bigint, premium: RateTable, tax: TaxRate | null = null): bigint {
  if (budget <= 0n) return 0n;
  let low = 0n;
  let high = budget;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (allInAmount(middle, premium, tax) <= budget) low = middle;
    else high = middle - 1n;
  }
  return low;
}

/** A unit's table as an admin types it: "25% to 1000000.00, 20% to 6000000.00, 15%" (empty: none). */
export function rateTableText(wire: RateTableWire | undefined): string {
  return (wire ?? []).map((tier) => (tier.upTo === null ? `${tier.percent}%` : `${tier.percent}% to ${tier.upTo}`)).join(', ');
}

/** The admin's text back to the wire form; throws RangeError naming what is wrong. */
export function parseRateText(text: string): RateTableWire {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.map((part) => {
    const match = /^(\d{1,3}(?:\.\d{1,2})?)\s*%(?:\s*to\s*([\d.]+))?$/.exec(part);
    if (!match) throw new RangeError(`"${part}" is not a tier: write 25% to 1000, then the last tier alone, e.g. 20%`);
    return { upTo: match[2] ?? null, percent: match[1]! };
  });
}
