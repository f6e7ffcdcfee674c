import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { User } from '@gavel/domain';
import { ScrollIcon } from '../../components/icons/icons.tsx';
import { TermsAcceptancePanel } from '../../components/terms/TermsAcceptancePanel.tsx';
import { TermsText } from '../../components/terms/TermsText.tsx';
import { formatDateTime } from '../../dates/format-date.ts';
import { checkBidGate } from '../../session/bid-gate.ts';
import { pendingBidReturn } from '../../session/return-path.ts';
import { useSession } from '../../session/use-session.ts';

const BIDDING_FOR_LABELS = { myself: 'myself', someone_else: 'someone else' } as const;

/**
 * The profile's terms: when and for whom they were accepted, or the prompt that opens the acceptance panel with
 * the text of the terms in force. A user who accepted earlier terms is asked again after new ones are published.
 */
export function TermsSection({ user }: { user: User }) {
  const { hash } = useLocation();
  const { updateUser } = useSession();
  // Earlier terms accepted: these are new ones (publishing terms asks everyone again).
  const changed = user.termsAcceptedAt !== null;
  // Arriving from the setup hub (/profile#terms) means the user came to accept, and new terms are there to be
  // read: either way the panel opens at once, with the text.
  const [open, setOpen] = useState(hash === '#terms' || changed);
  useEffect(() => {
    if (hash !== '#terms') return;
    setOpen(true);
    document.getElementById('terms')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  if (user.termsAccepted) {
    // Sent here by the checks before bidding, and nothing else is missing now: the way back to the bid.
    const bidReturn = checkBidGate(user) === null ? pendingBidReturn() : null;
    return (
      <section id="terms" className="account-card" data-testid="terms-accepted">
        <h2 className="account-card__title">Terms and conditions</h2>
        <p className="account-card__text">
          You accepted the terms
          {user.termsAcceptedAt && (
            <>
              {' '}
              on <strong data-testid="terms-accepted-at">{formatDateTime(user.termsAcceptedAt)}</strong>
            </>
          )}
          {user.biddingFor && <>, bidding for {BIDDING_FOR_LABELS[user.biddingFor]}</>}.
        </p>
        {bidReturn && (
          <Link to={bidReturn} className="btn btn--accent" data-testid="terms-back-to-bid">
            Back to your bid
          </Link>
        )}
      </section>
    );
  }
  return (
    <section id="terms" className="account-card terms-prompt" data-testid="terms-prompt" data-changed={changed || undefined}>
      <div className="terms-prompt__head">
        <span className="terms-prompt__icon">
          <ScrollIcon width={22} height={22} />
        </span>
        <div>
          {changed ? (
            <>
              <h2 className="account-card__title" data-testid="terms-prompt-title">
                Our terms have changed
              </h2>
              <p className="account-card__text">Please read the new Terms &amp; Conditions and accept them to keep bidding.</p>
            </>
          ) : (
            <>
              <h2 className="account-card__title" data-testid="terms-prompt-title">
                Accept the terms to start bidding
              </h2>
              <p className="account-card__text">Tell us who you bid for and accept our Terms &amp; Conditions. It is the last step before your first bid.</p>
            </>
          )}
        </div>
      </div>
      {open ? (
        <>
          <TermsText />
          <TermsAcceptancePanel onAccepted={updateUser} />
        </>
      ) : (
        <button type="button" className="btn btn--accent" data-testid="terms-open" onClick={() => setOpen(true)}>
          Review and accept terms
        </button>
      )}
    </section>
  );
}
