import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthLayout } from './AuthLayout.tsx';

describe('AuthLayout', () => {
  afterEach(cleanup);

  it('shows no logo of its own beside the page (the site header has the one logo)', () => {
    const { container } = render(
      <MemoryRouter>
        <AuthLayout>
          <p>Sign in</p>
        </AuthLayout>
      </MemoryRouter>,
    );
    expect(screen.getByText('Sign in')).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
    expect(container.textContent).not.toContain('Gavel');
  });
});
