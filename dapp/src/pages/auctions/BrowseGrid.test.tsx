import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paginationOf } from '@gavel/domain';
import { createStore } from '../../state/store.ts';
import { lotFixture } from '../../test-support/lot-fixture.ts';
import { BrowseGrid } from './BrowseGrid.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A large result: every page full, each naming where the next one starts. */
function stubApi() {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const query = new URL(url, 'http://api.test');
      asked.push(query);
      const offset = Number(query.searchParams.get('offset'));
      const data = Array.from({ length: 20 }, (_, i) => lotFixture({ _id: `lot-${offset + i}`, lotId: `lot-${offset + i}`, title: `Lot ${offset + i}` }));
      const pagination = { ...paginationOf(12_000, 20, offset, { totalExact: false, hasMore: true }), next: `after-${offset + 20}` };
      return new Response(JSON.stringify({ data, pagination }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

function show(path: string) {
  const router = createMemoryRouter([{ path: '/auctions', element: <BrowseGrid /> }], { initialEntries: [path] });
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return router;
}

describe('paging the browse grid', () => {
  it('reads the next page from where the shown one ends, and a page reached otherwise by offset', async () => {
    const asked = stubApi();
    const browses = () => asked.filter((url) => url.pathname.endsWith('/auctions'));
    const router = show('/auctions?sort=newest');
    await waitFor(() => expect(screen.getByTestId('pager-summary').textContent).toBe('Showing 1–20 of about 12,000 lots'));
    fireEvent.click(screen.getByTestId('pager-next'));
    await waitFor(() => expect(screen.getByTestId('pager-summary').textContent).toBe('Showing 21–40 of about 12,000 lots'));
    expect(browses().at(-1)!.searchParams.get('after')).toBe('after-20');
    expect(browses().at(-1)!.searchParams.get('offset')).toBe('20');
    await router.navigate('/auctions?sort=newest&page=5');
    await waitFor(() => expect(screen.getByTestId('pager-summary').textContent).toBe('Showing 81–100 of about 12,000 lots'));
    expect(browses().at(-1)!.searchParams.has('after')).toBe(false);
  });
});
