import { Link } from 'react-router';
import { BIDDING_FOR, type User } from '@gavel/domain';
import { CheckIcon } from '../components/icons/icons.tsx';
import { formatDate } from '../dates/format-date.ts';
import type { TermsConsent } from './use-terms-consent.ts';
import '../components/form/form.css';
import '../components/terms/terms.css';

const CHOICES: Record<(typeof BIDDING_FOR)[number], string> = { myself: 'Myself', someone_else: 'Someone else' };

/**
 * The terms acceptance panel on the lot page. Accepted: when and for whom. Otherwise who the user bids for and the box, with no
 * button of its own: the terms are accepted together with the first BUY NOW, ADD TO CART or PLACE BID, so the
 * bidder never leaves the lot for their profile.
 */
export function TermsBlock({ consent, user }: { consent: TermsConsent; user: User | null }) {
  if (consent.accepted && user) {
    return (
      <p className="lot-terms lot-terms--accepted" data-testid="lot-terms-accepted">
        <CheckIcon width={18} height={18} />
        <span>
          Terms accepted{user.termsAcceptedAt ? ` on ${formatDate(user.termsAcceptedAt)}` : ''}
          {user.biddingFor ? `, bidding for ${CHOICES[user.biddingFor].toLowerCase()}` : ''}. <Link to="/terms-conditions">Read the terms</Link>
        </span>
      </p>
    );
  }
  return (
    <fieldset id="lot-terms" className="lot-terms terms-panel" data-testid="lot-terms">
      <legend className="field__label">Who are you bidding for?</legend>
      {user?.termsAcceptedAt && (
        <p className="lot-terms__changed" data-testid="lot-terms-changed">
          Our terms have changed since you accepted them: please{' '}
          <Link to="/terms-conditions" target="_blank">
            read the new terms
          </Link>{' '}
          before you bid again.
        </p>
      )}
      <div className="terms-panel__choices lot-terms__choices">
        {BIDDING_FOR.map((value) => (
          <label key={value} className="terms-choice">
            <input type="radio" name="lot-bidding-for" value={value} checked={consent.biddingFor === value} data-testid={`lot-terms-${value}`} onChange={() => consent.choose(value)} />
            <span>
              <strong>{CHOICES[value]}</strong>
            </span>
          </label>
        ))}
      </div>
      {consent.errors.biddingFor && (
        <p className="field__error" data-testid="lot-terms-bidding-error">
          {consent.errors.biddingFor}
        </p>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={consent.ticked} data-testid="lot-terms-checkbox" onChange={(event) => consent.tick(event.target.checked)} />
        <span>
          I have read and accept the{' '}
          <Link to="/terms-conditions" target="_blank">
            Terms &amp; Conditions
          </Link>
          .
        </span>
      </label>
      {consent.errors.acceptTerms && (
        <p className="field__error" data-testid="lot-terms-checkbox-error">
          {consent.errors.acceptTerms}
        </p>
      )}
    </fieldset>
  );
}
