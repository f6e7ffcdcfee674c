import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html.ts';

describe('sanitizeHtml', () => {
  it('keeps formatting and safe links', () => {
    expect(sanitizeHtml('<h2>Title</h2><p>See <a href="/support">support</a>.</p>')).toBe('<h2>Title</h2><p>See <a href="/support">support</a>.</p>');
  });

  it('removes scripts, frames and event handlers', () => {
    const clean = sanitizeHtml('<p onclick="steal()">Hi</p><script>steal()</script><iframe src="https://x"></iframe>');
    expect(clean).toBe('<p>Hi</p>');
  });

  it('drops javascript: urls but keeps the link text', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">click</a>')).toBe('<a>click</a>');
  });

  it('opens external links in a new tab without an opener', () => {
    expect(sanitizeHtml('<a href="https://example.com">out</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>');
  });

  it('unwraps unknown elements and keeps their text', () => {
    expect(sanitizeHtml('<font color="red"><b>bold</b> text</font>')).toBe('<b>bold</b> text');
  });
});
