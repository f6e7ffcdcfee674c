import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../state/store.ts';
import { showToast, TOAST_DURATION_MS } from '../../state/toasts.ts';
import { ToastHost } from './ToastHost.tsx';

function setup() {
  const store = createStore();
  render(
    <Provider store={store}>
      <ToastHost />
    </Provider>,
  );
  return store;
}

describe('ToastHost', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows a toast for 8 seconds', () => {
    const store = setup();
    act(() => void store.dispatch(showToast({ tone: 'success', title: 'Subscribed successfully!' })));
    expect(screen.getByTestId('toast-title').textContent).toBe('Subscribed successfully!');
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('keeps at most one toast: a new one replaces the current one and gets its own 8 seconds', () => {
    const store = setup();
    act(() => void store.dispatch(showToast({ tone: 'error', title: 'Invalid email' })));
    act(() => vi.advanceTimersByTime(5_000));
    act(() => void store.dispatch(showToast({ tone: 'info', title: 'Already subscribed!' })));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    expect(screen.getByTestId('toast-title').textContent).toBe('Already subscribed!');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('toast-title').textContent).toBe('Already subscribed!');
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
