import { describe, expect, it } from 'vitest';
import { usesAdminToken } from '../../session/admin-token.ts';
import { isMobileWidth, isSidebarShortcut, readSidebarOpen, sidebarCookie } from './sidebar-state.ts';

const key = (over: Partial<KeyboardEvent>) => ({ key: 'b', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });

describe('sidebar state', () => {
  it('is open when nothing was stored', () => {
    expect(readSidebarOpen('')).toBe(true);
    expect(readSidebarOpen('other=1')).toBe(true);
  });

  it('reads back what the cookie stored', () => {
    expect(readSidebarOpen('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarOpen('sidebar_state=true')).toBe(true);
  });

  it('keeps the choice for 7 days site-wide', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
  });

  it('toggles with Ctrl+B and Cmd+B only', () => {
    expect(isSidebarShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key({ metaKey: true, key: 'B' }))).toBe(true);
    expect(isSidebarShortcut(key({}))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key({ ctrlKey: true, key: 'c' }))).toBe(false);
  });

  it('switches to the mobile sheet under 768 px', () => {
    expect(isMobileWidth(767)).toBe(true);
    expect(isMobileWidth(768)).toBe(false);
    expect(isMobileWidth(375)).toBe(true);
  });
});

describe('admin token selection', () => {
  it('uses the admin token on admin hosts and under /s/admin only', () => {
    expect(usesAdminToken('admin.gavel.test', '/auctions')).toBe(true);
    expect(usesAdminToken('gavel.test', '/s/admin')).toBe(true);
    expect(usesAdminToken('gavel.test', '/s/admin/users')).toBe(true);
    expect(usesAdminToken('gavel.test', '/s/administrator')).toBe(false);
    expect(usesAdminToken('gavel.test', '/auctions/1')).toBe(false);
  });
});
