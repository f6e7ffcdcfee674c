import { useEffect } from 'react';

/** "Auctions · Gavel" in the browser tab and history, per page. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} · Gavel` : 'Gavel';
  }, [title]);
}
