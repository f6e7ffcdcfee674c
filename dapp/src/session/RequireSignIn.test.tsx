import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { signedIn, signedOut } from '../state/session.ts';
import { RequireSignIn } from './RequireSignIn.tsx';

function setup(start: 'signedIn' | 'signedOut') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ user: { id: 'u1', email: 'a@example.com' } }), { status: 200 })),
  );
  const store = createStore();
  if (start === 'signedIn') store.dispatch(signedIn('token-1'));
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/signin', element: <p>sign in</p> },
      { element: <RequireSignIn />, children: [{ path: '/profile', element: <p>profile</p> }] },
    ],
    { initialEntries: ['/profile'] },
  );
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={queries}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  );
  return { store, router };
}

describe('RequireSignIn', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a signed-out visitor to /signin with the gate message', async () => {
    const { store, router } = setup('signedOut');
    await screen.findByText('sign in');
    expect(router.state.location.pathname).toBe('/signin');
    expect(store.getState().toasts.current?.title).toBe(messages.gates.signIn);
  });

  it('sends a user whose session ends on the page (logout) home, leaving the current toast alone', async () => {
    const { store, router } = setup('signedIn');
    await screen.findByText('profile');
    act(() => void store.dispatch(signedOut()));
    await screen.findByText('home');
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().toasts.current).toBeNull();
  });
});
