import { Link } from 'react-router';
import { fill, unpaidMessages, type User } from '@gavel/domain';
import { CheckIcon } from '../../components/icons/icons.tsx';
import { formatDateTime } from '../../dates/format-date.ts';
import { useBiddingLimit } from '../../api/payments.ts';
import { lotAmount } from '../../lots/lot-money.ts';

interface Indicator {
  key: string;
  label: string;
  done: boolean;
  detail?: string;
  fix: string;
}

/** The profile's four status indicators: green when met, grey with a link to the page that meets it. */
export function ProfileStatus({ user }: { user: User }) {
  const indicators: Indicator[] = [
    { key: 'profile', label: 'Profile complete', done: user.isProfileComplete, fix: '/basic-details' },
    {
      key: 'identity',
      label: 'Identity verified',
      done: user.identityVerified,
      detail: user.kycStatus === 'pending' ? 'Under review' : user.kycStatus === 'rejected' ? 'Rejected: please submit again' : undefined,
      fix: '/identity-verification',
    },
    { key: 'payment', label: 'Valid payment method', done: user.hasValidPaymentMethod, fix: '/payment-details' },
    {
      key: 'terms',
      label: 'Terms accepted',
      done: user.termsAccepted,
      detail: user.termsAcceptedAt ? `Accepted ${formatDateTime(user.termsAcceptedAt)}` : undefined,
      fix: '#terms',
    },
  ];
  return (
    <>
      <ul className="profile-status" data-testid="profile-status">
        {indicators.map((item) => (
          <li key={item.key} className="profile-status__item" data-testid={`status-${item.key}`} data-state={item.done ? 'done' : 'todo'}>
            <span className="profile-status__dot" aria-hidden="true">
              {item.done && <CheckIcon width={14} height={14} />}
            </span>
            <span className="profile-status__text">
              <span>
                {item.label}
                <span className="visually-hidden">{item.done ? ': yes' : ': not yet'}</span>
              </span>
              {item.detail && <small data-testid={`status-${item.key}-detail`}>{item.detail}</small>}
            </span>
            {!item.done &&
              (item.fix.startsWith('#') ? (
                <a href={item.fix} className="text-link">
                  Accept
                </a>
              ) : (
                <Link to={item.fix} className="text-link">
                  Complete
                </Link>
              ))}
          </li>
        ))}
      </ul>
      <BiddingLimitLine />
      <UnpaidMark count={user.unpaidCount} />
    </>
  );
}

/** The pay-later allowance: what an admin granted and what is left of it (bids and purchases without a card). */
function BiddingLimitLine() {
  const limit = useBiddingLimit().data?.data;
  if (!limit) return null;
  return (
    <p className="profile-status__limit" data-testid="profile-bidding-limit">
      {limit.limit === '0.00'
        ? 'Pay-later bidding limit: none. You bid by card; ask us on the support page to bid without one.'
        : `Pay-later bidding limit: ${lotAmount(limit.limit, 'USD')} (${lotAmount(limit.available, 'USD')} available).`}
    </p>
  );
}

/** The unpaid mark: purchases cancelled because they were not paid by their deadline. Absent while there are none. */
function UnpaidMark({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="profile-status__unpaid" data-testid="profile-unpaid-mark">
      {fill(unpaidMessages.unpaidMark, { count })}
    </p>
  );
}
