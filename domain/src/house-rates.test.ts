import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInAmount,
  hammerWithin,
  parseRateText,
  rateTableText,
  allInText,
  commissionRefusal,
  premiumRefusal,
  type RateTable,
  rateCharge,
  rateParts,
  rateTableFromWire,
  rateTableProblem,
  rateTableToWire,
} from './house-rates.ts';
import { tableFor } from './schemas/house-rates.ts';
import { basisPointsOf, percentText } from './basis-points.ts';

/** Sotheby's shape in cents: 25% up to $1,000,000, 20% to $6,000,000, 15% above. */
const SOTHEBYS: RateTable = [
  { upTo: 100_000_000n, basisPoints: 2500 },
  { upTo: 600_000_000n, basisPoints: 2000 },
  { upTo: null, basisPoints: 1500 },
];

/** Random valid tables: rising thresholds, the last open-ended, rates 0 to 100%. */
const tables = fc.array(fc.record({ step: fc.bigInt({ min: 1n, max: 10n ** 24n }), basisPoints: fc.integer({ min: 0, max: 10_000 }) }), { minLength: 1, maxLength: 6 }).map((steps) => {
  let threshold = 0n;
  return steps.map((step, index): RateTable[number] => {
    threshold += step.step;
    return { upTo: index === steps.length - 1 ? null : threshold, basisPoints: step.basisPoints };
  });
});
/** Hammers in any unit: a few cents up to many ETH in wei. */
const hammers = fc.oneof(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10n ** 26n }));

describe('a tiered rate table', () => {
  it('charges each tier on its own slice of the hammer, rounded half up, and sums the parts', () => {
    // $2,000,000: 25% of $1,000,000 plus 20% of $1,000,000.
    expect(rateCharge(200_000_000n, SOTHEBYS)).toBe(25_000_000n + 20_000_000n);
    // $10,000,000: 250,000 + 1,000,000 + 600,000 dollars.
    expect(rateCharge(1_000_000_000n, SOTHEBYS)).toBe(25_000_000n + 100_000_000n + 60_000_000n);
    // $0.02 at 25% is half a cent: rounded up. $0.01 is a quarter cent: rounded down.
    expect(rateCharge(2n, SOTHEBYS)).toBe(1n);
    expect(rateCharge(1n, SOTHEBYS)).toBe(0n);
    expect(rateCharge(0n, SOTHEBYS)).toBe(0n);
    expect(rateCharge(123_456n, [])).toBe(0n);
    expect(allInAmount(100_000n, SOTHEBYS)).toBe(125_000n);
  });

  it('slices the hammer exactly: the parts’ bases sum to the hammer, each part is its base’s rate rounded half up', () => {
    fc.assert(
      fc.property(hammers, tables, (hammer, table) => {
        const parts = rateParts(hammer, table);
        expect(parts.reduce((sum, part) => sum + part.base, 0n)).toBe(hammer);
        for (const part of parts) {
          const exact = part.base * BigInt(part.basisPoints);
          // |amount - exact / 10000| <= 1/2, ties up.
          expect(part.amount * 10_000n * 2n - exact * 2n).toBeGreaterThan(-10_000n - 1n);
          expect(part.amount * 10_000n * 2n - exact * 2n).toBeLessThanOrEqual(10_000n);
        }
        expect(rateCharge(hammer, table)).toBe(parts.reduce((sum, part) => sum + part.amount, 0n));
      }),
    );
  });

  it('is never negative, never above the hammer, and monotone in the hammer', () => {
    fc.assert(
      fc.property(hammers, hammers, tables, (a, b, table) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const charge = rateCharge(low, table);
        expect(charge >= 0n).toBe(true);
        expect(charge <= low).toBe(true);
        expect(rateCharge(high, table) >= charge).toBe(true);
        expect(allInAmount(high, table) >= allInAmount(low, table)).toBe(true);
      }),
    );
  });

  it('reads and writes the wire form exactly in every unit, and refuses a malformed table', () => {
    const wire = rateTableToWire(SOTHEBYS, 'USD');
    expect(wire).toEqual([
      { upTo: '1000000.00', percent: '25' },
      { upTo: '6000000.00', percent: '20' },
      { upTo: null, percent: '15' },
    ]);
    expect(rateTableFromWire(wire, 'USD')).toEqual(SOTHEBYS);
    expect(
      rateTableFromWire(
        [
          { upTo: '0.5', percent: '12.5' },
          { upTo: null, percent: '10' },
        ],
        'ETH',
      ),
    ).toEqual([
      { upTo: 5n * 10n ** 17n, basisPoints: 1250 },
      { upTo: null, basisPoints: 1000 },
    ]);
    expect(basisPointsOf('0.05')).toBe(5);
    expect(percentText(1250)).toBe('12.5%');
    expect(percentText(5)).toBe('0.05%');
    expect(rateTableProblem([{ upTo: 10n, basisPoints: 100 }])).toMatch(/last tier/);
    expect(
      rateTableProblem([
        { upTo: 10n, basisPoints: 100 },
        { upTo: 5n, basisPoints: 100 },
        { upTo: null, basisPoints: 1 },
      ]),
    ).toMatch(/rise/);
    expect(rateTableProblem([{ upTo: null, basisPoints: 10_001 }])).toMatch(/0 to 100/);
    expect(tableFor({ USD: wire }, 'sats')).toEqual([]);
    expect(tableFor(null, 'USD')).toEqual([]);
  });

  it('says the all-in figure at the bid, and refuses a premium on lots whose rails do not collect it', () => {
    expect(allInText(100_000n, 'USD', [{ upTo: null, basisPoints: 2500 }])).toBe('$1,000.00 bid, $1,250.00 with the 25% buyer’s premium');
    expect(allInText(100_000n, 'USD', [])).toBeNull();
    expect(allInText(100_000n, 'USD', [{ upTo: null, basisPoints: 0 }])).toBeNull();
    expect(premiumRefusal({})).toBeNull();
    expect(premiumRefusal({ ETH: [{ upTo: null, percent: '0' }] })).toBeNull();
    expect(premiumRefusal({ ETH: [{ upTo: null, percent: '10' }] })).toMatch(/on ETH lots is the auction contract’s/);
    // A BTC lot's premium is paid in the swap the bidder signs, and its all-in says so.
    expect(premiumRefusal({ sats: [{ upTo: null, percent: '25' }] })).toBeNull();
    // An ETH lot's commission is the contract's fee: an event may not set another.
    expect(commissionRefusal({ ETH: [{ upTo: null, percent: '5' }] })).toMatch(/the auction contract’s fee/);
    expect(commissionRefusal({ ETH: [{ upTo: null, percent: '0' }], USD: [{ upTo: null, percent: '10' }] })).toBeNull();
    expect(allInText(10_000n, 'sats', [{ upTo: null, basisPoints: 2500 }])).toBe('10,000 sats bid, 12,500 sats with the 25% buyer’s premium, paid to the house in the same swap');
  });

  it('finds the largest hammer an all-in budget covers', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), tables, (budget, table) => {
        const hammer = hammerWithin(budget, table);
        expect(allInAmount(hammer, table) <= budget).toBe(true);
        expect(allInAmount(hammer + 1n, table) > budget).toBe(true);
      }),
    );
    expect(hammerWithin(125_000n, [{ upTo: null, basisPoints: 2500 }])).toBe(100_000n);
  });

  it('reads and writes the admin’s text of a table', () => {
    expect(parseRateText('25% to 1000000.00, 20% to 6000000.00, 15%')).toEqual([
      { upTo: '1000000.00', percent: '25' },
      { upTo: '6000000.00', percent: '20' },
      { upTo: null, percent: '15' },
    ]);
    expect(parseRateText('  ')).toEqual([]);
    expect(rateTableText(parseRateText('12.5% to 0.5, 10%'))).toBe('12.5% to 0.5, 10%');
    expect(() => parseRateText('a quarter')).toThrow(/not a tier/);
  });
});
