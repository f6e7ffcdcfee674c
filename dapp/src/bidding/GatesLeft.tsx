import { Link, useLocation } from 'react-router';
import { messages, type GateStep } from '@gavel/domain';
import { rememberBidReturn } from '../session/return-path.ts';

/**
 * What a signed-in bidder has still to do before they can bid, listed on the lot itself (in the order of the checks
 * before bidding) instead of sending them to the first page that fixes one. Each step links to its page, and going
 * there remembers this lot, so finishing the last step brings them back; a check under review has no link, as it
 * waits for the admin. The terms are accepted right here on the lot, in the terms block below.
 */
export function GatesLeft({ steps, id }: { steps: readonly GateStep[]; id: string }) {
  const lotPath = useLocation().pathname;
  return (
    <section className="gates-left" aria-labelledby={`${id}-title`} data-testid="gates-left">
      <h3 id={`${id}-title`} className="gates-left__title">
        {messages.gates.leftHeading}
      </h3>
      <ol className="gates-left__list">
        {steps.map((step) => (
          <li key={step.gate} data-testid={`gate-left-${step.gate}`} data-waiting={step.redirect === null || undefined}>
            {step.gate === 'termsAccepted' ? (
              <a href="#lot-terms">{step.label}</a>
            ) : step.redirect ? (
              <Link to={step.redirect} onClick={() => rememberBidReturn(lotPath)}>
                {step.label}
              </Link>
            ) : (
              step.label
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
