import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../state/store.ts';
import { signedIn } from '../state/session.ts';
import { afterSignInRoute, forgetBidReturn } from '../session/return-path.ts';
import { WatchButton } from './WatchButton.tsx';

const LOT = { _id: 'lot-1', title: 'Blue Chair' };
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

/** The heart on /auctions, with the api answering through `answer` (the PUT or DELETE may be held back). */
function setup(o: { signedIn: boolean; watched?: string[]; answer?: (method: string) => Promise<Response>; variant?: 'card' | 'page' }) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET') return json({ data: o.watched ?? [] });
      return o.answer ? o.answer(method) : json({ data: { lotId: LOT._id, watched: method === 'PUT' } });
    }),
  );
  const store = createStore();
  if (o.signedIn) store.dispatch(signedIn('token-1'));
  const router = createMemoryRouter(
    [
      { path: '/auctions', element: <WatchButton lot={LOT} variant={o.variant} /> },
      { path: '/signin', element: <p>sign in</p> },
    ],
    { initialEntries: ['/auctions?status=live'] },
  );
  render(
    <Provider store={store}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return { calls, router, store };
}

describe('the watchlist heart', () => {
  afterEach(() => {
    forgetBidReturn();
    cleanup();
    vi.unstubAllGlobals();
  });

  it('on the lot page, shows the short word while its name still names the lot', async () => {
    setup({ signedIn: true, variant: 'page' });
    const button = screen.getByRole('button', { name: 'Watch Blue Chair' });
    expect(button.textContent).toBe('Watch');
  });

  it('signed out, leads to sign-in, which will come back to this page', async () => {
    const { calls } = setup({ signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Watch Blue Chair' }));
    await screen.findByText('sign in');
    expect(afterSignInRoute('/')).toBe('/auctions?status=live');
    expect(calls).toEqual([]);
  });

  it('turns at once, before the api answers, and says so to screen readers', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = setup({ signedIn: true, answer: () => new Promise((resolve) => (answer = resolve)) });
    const heart = await screen.findByRole('button', { name: 'Watch Blue Chair' });
    await waitFor(() => expect(calls).toContain('GET /api/watchlist/ids'));
    fireEvent.click(heart);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Watch Blue Chair' }).getAttribute('aria-pressed')).toBe('true'));
    expect(calls).toContain('PUT /api/watchlist/lot-1');
    await act(async () => answer(json({ data: { lotId: LOT._id, watched: true } })));
  });

  it('turns back when the api refuses, with the reason in a toast', async () => {
    const { store } = setup({ signedIn: true, watched: ['lot-1'], answer: async () => json({ message: 'Auction not found', code: 'not_found' }, 404) });
    const heart = await screen.findByRole('button', { name: 'Watch Blue Chair', pressed: true });
    fireEvent.click(heart);
    await waitFor(() => expect(store.getState().toasts.current?.title).toBe('Auction not found'));
    expect(screen.getByTestId('watch-button').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('watch-button').getAttribute('aria-label')).toBe('Watch Blue Chair');
  });
});
