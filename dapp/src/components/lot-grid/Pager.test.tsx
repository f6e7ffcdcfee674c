import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paginationOf } from '@gavel/domain';
import { Pager } from './Pager.tsx';

afterEach(cleanup);

describe('Pager', () => {
  it('counts a small result exactly and stops at its last page', () => {
    render(<Pager pagination={paginationOf(57, 20, 40)} onPage={vi.fn()} />);
    expect(screen.getByTestId('pager-summary').textContent).toBe('Showing 41–57 of 57 lots');
    expect(screen.getByTestId('pager-page').textContent).toBe('Page 3 of 3');
    expect((screen.getByTestId('pager-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('says about for an estimated total, and offers the next page as long as the api says one follows', () => {
    const { rerender } = render(<Pager pagination={paginationOf(12_000, 20, 20, { totalExact: false, hasMore: true })} onPage={vi.fn()} />);
    expect(screen.getByTestId('pager-summary').textContent).toBe('Showing 21–40 of about 12,000 lots');
    expect(screen.getByTestId('pager-page').textContent).toBe('Page 2 of about 600');
    expect((screen.getByTestId('pager-next') as HTMLButtonElement).disabled).toBe(false);
    // The estimate ran high: the api found the end before it.
    rerender(<Pager pagination={paginationOf(12_000, 20, 8_000, { totalExact: false, hasMore: false })} onPage={vi.fn()} />);
    expect((screen.getByTestId('pager-next') as HTMLButtonElement).disabled).toBe(true);
  });
});
