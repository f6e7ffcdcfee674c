import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { User } from '@gavel/domain';
import { ScrollIcon } from '../../components/icons/icons.tsx';
import { TermsAcceptancePanel } from '../../components/terms/TermsAcceptancePanel.tsx';
import { formatDateTime } from '../../dates/format-date.ts';

const BIDDING_FOR_LABELS = { myself: 'myself', someone_else: 'someone else' } as const;

/** The profile's terms: when and for whom they were accepted, or the prompt that opens the acceptance panel. */
export function TermsSection({ user }: { user: User }) {
  const { hash } = useLocation();
  // Arriving from the setup hub (/profile#terms) means the user came to accept: open the panel at once.
  const [open, setOpen] = useState(hash === '#terms');
  useEffect(() => {
    if (hash !== '#terms') return;
    setOpen(true);
    document.getElementById('terms')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  if (user.termsAccepted) {
    return (
      <section id="terms" className="account-card" data-testid="terms-accepted">
        <h2 className="account-card__title">Terms and conditions</h2>
        <p className="account-card__text">
          You accepted the terms{user.termsAcceptedAt && <> on <strong data-testid="terms-accepted-at">{formatDateTime(user.termsAcceptedAt)}</strong></>}
          {user.biddingFor && <>, bidding for {BIDDING_FOR_LABELS[user.biddingFor]}</>}.
        </p>
      </section>
    );
  }
  return (
    <section id="terms" className="account-card terms-prompt" data-testid="terms-prompt">
      <div className="terms-prompt__head">
        <span className="terms-prompt__icon"><ScrollIcon width={22} height={22} /></span>
        <div>
          <h2 className="account-card__title">Accept the terms to start bidding</h2>
          <p className="account-card__text">Tell us who you bid for and accept our Terms &amp; Conditions. It is the last step before your first bid.</p>
        </div>
      </div>
      {open
        ? <TermsAcceptancePanel />
        : <button type="button" className="btn btn--accent" data-testid="terms-open" onClick={() => setOpen(true)}>Review and accept terms</button>}
    </section>
  );
}
