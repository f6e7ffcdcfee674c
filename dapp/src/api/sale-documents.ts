/** Invoices and seller's statements: the signed-in user's lists, one document, and its PDF (fetched with the session). */
import { useQuery } from '@tanstack/react-query';
import type { Invoice, SellerStatement } from '@gavel/domain';
import { useSessionToken } from './session-token.ts';
import { API_BASE, ApiRequestError, apiRequest, currentAuthToken } from './http.ts';

export type SaleDocumentKind = 'invoices' | 'statements';

export function useSaleDocument<K extends SaleDocumentKind>(kind: K, id: string) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['sale-documents', kind, id, token],
    queryFn: ({ signal }) => apiRequest<{ data: K extends 'invoices' ? Invoice : SellerStatement }>(`/${kind}/${encodeURIComponent(id)}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(token),
  });
}

export function useMySaleDocuments<K extends SaleDocumentKind>(kind: K) {
  const token = useSessionToken();
  return useQuery({
    queryKey: ['sale-documents', kind, 'mine', token],
    queryFn: ({ signal }) => apiRequest<{ data: Array<K extends 'invoices' ? Invoice : SellerStatement> }>(`/me/${kind}`, { signal }),
    select: (reply) => reply.data,
    enabled: Boolean(token),
  });
}

/**
 * Opens a document's PDF in a new tab. Session tokens never travel in URLs, so the PDF is fetched with the token
 * and opened from memory. `target`: a tab opened at the click (before the fetch, so no pop-up blocker stops it).
 */
export async function openSaleDocumentPdf(kind: SaleDocumentKind, id: string, target: Window | null): Promise<void> {
  const token = currentAuthToken();
  const response = await fetch(`${API_BASE}/${kind}/${encodeURIComponent(id)}/pdf`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!response.ok) {
    target?.close();
    throw new ApiRequestError(response.status, `The PDF could not be opened (${response.status})`);
  }
  const url = URL.createObjectURL(await response.blob());
  if (target) target.location.href = url;
  else window.open(url, '_blank', 'noopener');
  // Kept long enough for the tab to read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
