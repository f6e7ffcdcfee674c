import { describe, expect, it } from 'vitest';
import { IDENTITY_DOCUMENT_MAX_BYTES, messages } from '@gavel/domain';
import { documentError, fileSize } from './document-rules.ts';

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'doc', { type });

describe('document rules', () => {
  it('needs a file of an accepted type under 10 MB', () => {
    expect(documentError(null)).toBe(messages.identity.documentRequired);
    expect(documentError(file('image/gif', 10))).toBe(messages.identity.documentType);
    expect(documentError(file('image/png', IDENTITY_DOCUMENT_MAX_BYTES))).toBe(messages.identity.documentTooLarge);
    expect(documentError(file('application/pdf', 2048))).toBeUndefined();
  });

  it('writes sizes for people', () => {
    expect(fileSize(830 * 1024)).toBe('830 KB');
    expect(fileSize(2.4 * 1024 * 1024)).toBe('2.4 MB');
  });
});
