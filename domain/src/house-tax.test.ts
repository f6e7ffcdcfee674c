import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allInAmount, allInText, buyerLines, hammerWithin, type RateTable, rateCharge } from './house-rates.ts';
import { countryKey, parseTaxText, taxTableFromWire, type TaxRate, taxAmount, taxLineText, taxRateFor, taxTableProblem, taxTableText } from './house-tax.ts';
import { taxTableOf } from './schemas/house-tax.ts';

const PREMIUM_25: RateTable = [{ upTo: null, basisPoints: 2500 }];
const UK: TaxRate = { country: 'United Kingdom', basisPoints: 2000, base: 'premium' };
const TEXAS: TaxRate = { country: 'Texas', basisPoints: 625, base: 'total' };

const hammers = fc.oneof(fc.bigInt({ min: 0n, max: 10_000n }), fc.bigInt({ min: 0n, max: 10n ** 26n }));
const premiums = fc.integer({ min: 0, max: 10_000 }).map((basisPoints): RateTable => [{ upTo: null, basisPoints }]);
const rates = fc.record({ country: fc.constant('X'), basisPoints: fc.integer({ min: 0, max: 10_000 }), base: fc.constantFrom('premium' as const, 'total' as const) });

describe('the buyer’s tax', () => {
  it('levies the rate on the premium or on the total, rounded half up to the unit', () => {
    // $1,000 hammer, $250 premium: 20% of the premium is $50; 6.25% of $1,250 is $78.125, rounded to $78.13.
    expect(taxAmount(100_000n, 25_000n, UK)).toBe(5_000n);
    expect(taxAmount(100_000n, 25_000n, TEXAS)).toBe(7_813n);
    // Half a cent rounds up, a quarter down.
    expect(taxAmount(0n, 5n, { ...UK, basisPoints: 1000 })).toBe(1n);
    expect(taxAmount(0n, 1n, { ...UK, basisPoints: 2500 })).toBe(0n);
    expect(taxAmount(100_000n, 25_000n, null)).toBe(0n);
    expect(buyerLines(100_000n, PREMIUM_25, TEXAS)).toEqual({ hammer: 100_000n, premium: 25_000n, tax: 7_813n, total: 132_813n });
    expect(allInAmount(100_000n, PREMIUM_25, UK)).toBe(130_000n);
  });

  it('tax lines are exact: within half a unit of the exact figure, and the lines sum to the total', () => {
    fc.assert(
      fc.property(hammers, premiums, rates, (hammer, premium, rate) => {
        const lines = buyerLines(hammer, premium, rate);
        const base = rate.base === 'premium' ? lines.premium : hammer + lines.premium;
        const exact = base * BigInt(rate.basisPoints);
        expect(lines.tax * 20_000n - exact * 2n).toBeGreaterThan(-10_000n - 1n);
        expect(lines.tax * 20_000n - exact * 2n).toBeLessThanOrEqual(10_000n);
        expect(lines.premium).toBe(rateCharge(hammer, premium));
        expect(lines.hammer + lines.premium + lines.tax).toBe(lines.total);
        expect(allInAmount(hammer, premium, rate)).toBe(lines.total);
      }),
    );
  });

  it('rises with the hammer, so an all-in budget still finds its largest hammer', () => {
    fc.assert(
      fc.property(hammers, hammers, premiums, rates, (a, b, premium, rate) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(allInAmount(high, premium, rate) >= allInAmount(low, premium, rate)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), premiums, rates, (budget, premium, rate) => {
        const hammer = hammerWithin(budget, premium, rate);
        expect(allInAmount(hammer, premium, rate) <= budget).toBe(true);
        expect(allInAmount(hammer + 1n, premium, rate) > budget).toBe(true);
      }),
    );
  });

  it('finds the buyer’s rate by the country in their profile, whatever its case or punctuation; none without one', () => {
    const table = taxTableOf([
      { country: 'United Kingdom', percent: '20', base: 'premium' },
      { country: 'UK', percent: '20', base: 'premium' },
      { country: 'Norway', percent: '0', base: 'total' },
    ]);
    expect(countryKey(' United-Kingdom ')).toBe('unitedkingdom');
    expect(taxRateFor(table, 'united kingdom')).toEqual(UK);
    expect(taxRateFor(table, 'U.K.')?.basisPoints).toBe(2000);
    expect(taxRateFor(table, 'France')).toBeNull();
    expect(taxRateFor(table, 'Norway')).toBeNull();
    expect(taxRateFor(table, null)).toBeNull();
    expect(taxRateFor(table, '  ')).toBeNull();
    expect(taxTableOf('nonsense')).toEqual([]);
  });

  it('says the bidder’s all-in figure with their tax, and reads a lot reply’s table without schema code', () => {
    expect(allInText(100_000n, 'USD', PREMIUM_25, UK)).toBe('$1,000.00 bid, $1,300.00 with the 25% buyer’s premium and your 20% tax');
    expect(allInText(100_000n, 'USD', [], TEXAS)).toBe('$1,000.00 bid, $1,062.50 with your 6.25% tax');
    expect(allInText(100_000n, 'USD', [], UK)).toBeNull();
    expect(allInText(100_000n, 'USD', PREMIUM_25, null)).toBe('$1,000.00 bid, $1,250.00 with the 25% buyer’s premium');
    expect(taxTableFromWire([{ country: 'United Kingdom', percent: '20', base: 'premium' }])).toEqual([UK]);
    expect(taxTableFromWire(undefined)).toEqual([]);
  });

  it('names the rate, or why there is none, on the invoice', () => {
    expect(taxLineText(UK, 'UK')).toBe('Tax 20% of the buyer’s premium (United Kingdom)');
    expect(taxLineText(TEXAS, 'Texas')).toBe('Tax 6.25% of the hammer price and premium (Texas)');
    expect(taxLineText(null, null)).toBe('No tax: the buyer’s profile names no country.');
    expect(taxLineText(null, 'France')).toBe('No tax: the house levies none for France.');
  });

  it('reads and writes the admin’s text of a table, and refuses a malformed one', () => {
    const wire = parseTaxText('United Kingdom 20% on premium\nTexas 6.25% on Total; ');
    expect(wire).toEqual([
      { country: 'United Kingdom', percent: '20', base: 'premium' },
      { country: 'Texas', percent: '6.25', base: 'total' },
    ]);
    expect(taxTableText(wire)).toBe('United Kingdom 20% on premium\nTexas 6.25% on total');
    expect(() => parseTaxText('France 20')).toThrow(/not a tax rate/);
    expect(taxTableProblem([...wire, { country: 'united kingdom', percent: '5', base: 'total' }])).toMatch(/listed twice/);
    expect(taxTableProblem([{ country: 'X', percent: '100.01', base: 'total' }])).toMatch(/0 to 100/);
    expect(taxTableProblem(wire)).toBeNull();
  });
});
