import { act, cleanup, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndingSoonNotification } from '@gavel/domain';
import { createStore } from '../state/store.ts';
import { useEndingSoonAlerts } from './use-ending-soon-alerts.ts';

const stream = vi.hoisted(() => {
  const listeners = new Set<{ endingSoon?: (notification: unknown) => void }>();
  return {
    listen: (listener: { endingSoon?: (notification: unknown) => void }) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    send: (notification: unknown) => {
      for (const listener of listeners) listener.endingSoon?.(notification);
    },
  };
});
vi.mock('../api/events.ts', () => ({ liveEvents: { listen: stream.listen } }));

const notification: EndingSoonNotification = {
  id: 'ending_soon:60:lot-9',
  timestamp: '2026-11-24T10:00:00.000Z',
  auctionId: 'lot-9',
  auctionEventId: 'e',
  auctionTitle: 'Blue Vase',
  minutesLeft: 59,
  endTime: '2026-11-24T10:59:00.000Z',
};

function Alerts() {
  useEndingSoonAlerts();
  return null;
}

function at(path: string) {
  const store = createStore();
  render(
    <Provider store={store}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <Alerts /> }], { initialEntries: [path] })} />
    </Provider>,
  );
  act(() => stream.send(notification));
  return store.getState();
}

describe('ending-soon notices', () => {
  afterEach(cleanup);

  it('raise a toast and a bell entry away from the lot', () => {
    const state = at('/auctions');
    expect(state.toasts.current?.description).toContain('Blue Vase');
    expect(state.notices.items.map((item) => item.id)).toEqual(['ending_soon:60:lot-9']);
  });

  it('go to the bell alone on the lot’s own page, where the countdown says it and the bidder’s own toast stays', () => {
    const state = at('/auctions/lot-9');
    expect(state.toasts.current).toBeNull();
    expect(state.notices.items.map((item) => item.id)).toEqual(['ending_soon:60:lot-9']);
  });
});
