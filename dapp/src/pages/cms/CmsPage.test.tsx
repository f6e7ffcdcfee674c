import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CMS_PAGES, messages } from '@gavel/domain';
import { DEFAULT_PAGES } from '@gavel/domain/default-pages';
import { DEFAULT_TERMS } from '@gavel/domain/terms-conditions';
import { CmsPage } from './CmsPage.tsx';

// jsdom lays nothing out, so it has no scrollIntoView: record which element the page scrolls to.
const scrolledTo: Element[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolledTo.push(this);
};

function open(reply: () => Promise<Response>) {
  scrolledTo.length = 0;
  vi.stubGlobal('fetch', vi.fn(reply));
  const router = createMemoryRouter([{ path: '/terms-conditions', element: <CmsPage slug="terms-conditions" title="Terms & Conditions" /> }], {
    initialEntries: ['/terms-conditions#sellers'],
  });
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queries}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('CmsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows what the CMS holds, its headings reachable as sections', async () => {
    const data = { slug: 'terms-conditions', title: 'Our Terms', content: '<p>Edited by the admin.</p><h2>7. Sellers</h2><p>Deliver.</p>', updatedAt: '2026-01-02T00:00:00.000Z' };
    open(() => json(200, { data }));
    expect((await screen.findByTestId('cms-title')).textContent).toBe('Our Terms');
    expect(screen.getByTestId('cms-content').textContent).toBe('Edited by the admin.7. SellersDeliver.');
    // Opened at /terms-conditions#sellers, as the profile's Conditions of Business link: it lands on the section.
    expect(scrolledTo.map((element) => element.textContent)).toEqual(['7. Sellers']);
  });

  it('falls back to the default terms only while the api cannot be reached', async () => {
    open(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await screen.findByTestId('cms-title')).textContent).toBe(DEFAULT_TERMS.title);
    expect(screen.getByTestId('cms-content').textContent).toContain('at least 18 years old');
  });

  it("has a copy of every CMS page to fall back on, never another page's", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    for (const { slug, name, path } of CMS_PAGES) {
      const router = createMemoryRouter([{ path, element: <CmsPage slug={slug} title={name} /> }], { initialEntries: [path] });
      render(
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
      expect((await screen.findByTestId('cms-title')).textContent).toBe(DEFAULT_PAGES[slug]!.title);
      expect(screen.getByTestId('cms-page').getAttribute('data-slug')).toBe(slug);
      cleanup();
    }
  });

  it('says Page not found when the CMS has no such page', async () => {
    open(() => json(404, { message: 'Page not found', code: 'not_found' }));
    expect((await screen.findByTestId('cms-error-title')).textContent).toBe(messages.cms.pageNotFound);
  });
});
