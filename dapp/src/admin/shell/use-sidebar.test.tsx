import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSidebar } from './use-sidebar.ts';

function Probe() {
  const sidebar = useSidebar();
  return <p data-testid="state">{sidebar.mobile ? `mobile:${sidebar.sheetOpen}` : `wide:${sidebar.open}`}</p>;
}

/** jsdom has no layout: matchMedia answers for the width the test chooses. */
function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const clearCookie = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: the hook under test reads document.cookie
  document.cookie = 'sidebar_state=; path=/; max-age=0';
};
const state = () => screen.getByTestId('state').textContent;

describe('admin sidebar', () => {
  beforeEach(clearCookie);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    clearCookie();
  });

  it('collapses and expands with Ctrl+B and Cmd+B, remembering the choice in the cookie', () => {
    setWidth(1280);
    render(<Probe />);
    expect(state()).toBe('wide:true');
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(state()).toBe('wide:false');
    expect(document.cookie).toContain('sidebar_state=false');
    act(() => void fireEvent.keyDown(window, { key: 'b', metaKey: true }));
    expect(state()).toBe('wide:true');
    expect(document.cookie).toContain('sidebar_state=true');
  });

  it('starts from the stored choice', () => {
    setWidth(1280);
    // biome-ignore lint/suspicious/noDocumentCookie: the hook under test reads document.cookie
    document.cookie = 'sidebar_state=false; path=/';
    render(<Probe />);
    expect(state()).toBe('wide:false');
  });

  it('under 768 px opens and closes the sheet without touching the stored choice', () => {
    setWidth(375);
    render(<Probe />);
    expect(state()).toBe('mobile:false');
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true }));
    expect(state()).toBe('mobile:true');
    expect(document.cookie).not.toContain('sidebar_state');
  });

  it('leaves other shortcuts alone', () => {
    setWidth(1280);
    render(<Probe />);
    act(() => void fireEvent.keyDown(window, { key: 'b', ctrlKey: true, shiftKey: true }));
    act(() => void fireEvent.keyDown(window, { key: 'b' }));
    expect(state()).toBe('wide:true');
  });
});
