import { IDENTITY_DOCUMENT_MAX_BYTES, IDENTITY_DOCUMENT_TYPES, messages } from '@gavel/domain';

/** What the file input offers: the api's accepted types, plus extensions for pickers that go by name. */
export const DOCUMENT_ACCEPT = [...IDENTITY_DOCUMENT_TYPES, '.jpg', '.jpeg', '.png', '.webp', '.pdf'].join(',');

/** The api's document rules, checked before the upload so a 12 MB photo fails at once, not after a minute. */
export function documentError(file: File | null): string | undefined {
  if (!file || file.size === 0) return messages.identity.documentRequired;
  if (!(IDENTITY_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return messages.identity.documentType;
  if (file.size >= IDENTITY_DOCUMENT_MAX_BYTES) return messages.identity.documentTooLarge;
  return undefined;
}

/** "2.4 MB", "830 KB". */
export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
