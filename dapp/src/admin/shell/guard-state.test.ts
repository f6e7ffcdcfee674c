import { describe, expect, it } from 'vitest';
import { guardState, type GuardInput } from './guard-state.ts';

const idle = { status: 'idle' } as const;
const base: GuardInput = { adminToken: false, adminProfile: idle, userToken: false, userProfile: idle };

describe('admin guard', () => {
  it('sends a visitor with no session to the admin login', () => {
    expect(guardState(base)).toBe('login');
  });

  it('shows Verifying Access while the admin profile loads', () => {
    expect(guardState({ ...base, adminToken: true, adminProfile: { status: 'loading' } })).toBe('verifying');
  });

  it('lets an admin in', () => {
    expect(guardState({ ...base, adminToken: true, adminProfile: { status: 'done', role: 'admin' } })).toBe('allowed');
  });

  it('denies access when the admin profile cannot be read', () => {
    expect(guardState({ ...base, adminToken: true, adminProfile: { status: 'error' } })).toBe('denied');
  });

  it('sends an admin token of another role to /unauthorized', () => {
    expect(guardState({ ...base, adminToken: true, adminProfile: { status: 'done', role: 'user' } })).toBe('unauthorized');
  });

  it('shows Insufficient Permissions to a signed-in bidder or seller', () => {
    expect(guardState({ ...base, userToken: true, userProfile: { status: 'done', role: 'user' } })).toBe('insufficient');
    expect(guardState({ ...base, userToken: true, userProfile: { status: 'done', role: 'seller' } })).toBe('insufficient');
  });

  it('carries an admin signed in on the main site into the admin area, without a second sign-in', () => {
    expect(guardState({ ...base, userToken: true, userProfile: { status: 'done', role: 'admin' } })).toBe('carry');
  });

  it('prefers the admin token over the buyer session', () => {
    expect(
      guardState({
        adminToken: true,
        adminProfile: { status: 'done', role: 'admin' },
        userToken: true,
        userProfile: { status: 'done', role: 'user' },
      }),
    ).toBe('allowed');
  });
});
