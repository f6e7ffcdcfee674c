import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useNotify } from '../../components/toast/use-notify.ts';

/** How long "Link copied" stays (the spec's Copied indicator: 2 s). */
const COPIED_MS = 2_000;

/**
 * Share (the phone's share sheet where there is one, else the link copied) and Try our cost calculator (only where
 * `onCalculator` is given: a calculator that fits the lot's currency), then the legal note linking to the terms
 * that govern every bid.
 */
export function LotActions({ title, onCalculator }: { title: string; onCalculator?: () => void }) {
  const [copied, setCopied] = useState(false);
  const notify = useNotify();

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function share() {
    const url = window.location.href;
    try {
      if (navigator.share && matchMedia('(pointer: coarse)').matches) return await navigator.share({ title, url });
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if ((error as Error).name !== 'AbortError') notify.failure(null, 'Could not copy the link. Copy it from the address bar instead.');
    }
  }

  return (
    <div className="lot-actions">
      <div className="lot-actions__row">
        <button type="button" className="btn btn--ghost" data-testid="lot-share" onClick={() => void share()}>
          {copied ? 'Link copied!' : 'Share'}
        </button>
        {onCalculator && (
          <button type="button" className="btn btn--ghost" data-testid="lot-calculator" onClick={onCalculator}>
            Try our cost calculator
          </button>
        )}
      </div>
      <p className="lot-legal" data-testid="lot-legal">
        Every bid is a binding offer to buy under our <Link to="/terms-conditions">Terms &amp; Conditions</Link>. Bids cannot be cancelled once they lead; an outbid bid may be withdrawn.
      </p>
    </div>
  );
}
