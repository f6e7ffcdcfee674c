import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lot } from '@gavel/domain';
import { PriceSummary } from './PriceSummary.tsx';

const lot = { title: 'Vase', buyNowPrice: '200.00', unit: 'USD', buyerPremium: [{ upTo: null, percent: '25' }] } as Lot;

describe('the Buy Now price summary', () => {
  afterEach(cleanup);

  it('names the buyer’s tax the card payment includes on its own line, and totals what is held', () => {
    render(<PriceSummary lot={lot} tax="10.00" />);
    expect(screen.getByTestId('buy-now-premium').textContent).toBe('$50.00');
    expect(screen.getByTestId('buy-now-tax').textContent).toBe('$10.00');
    expect(screen.getByTestId('buy-now-total').textContent).toBe('$260.00');
  });

  it('shows no tax line when none is levied', () => {
    render(<PriceSummary lot={lot} />);
    expect(screen.queryByTestId('buy-now-tax')).toBeNull();
    expect(screen.getByTestId('buy-now-total').textContent).toBe('$250.00');
  });
});
