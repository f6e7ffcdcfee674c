import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { KYC_STATUSES } from '@gavel/domain';
import { formatDateTime } from '../../dates/format-date.ts';
import type { SetupStep } from '../setup/setup-steps.ts';
import { AlertIcon, HourglassIcon, ShieldIcon } from '../../components/icons/icons.tsx';

interface IdentityStatusProps {
  status: Exclude<(typeof KYC_STATUSES)[number], 'not_submitted'>;
  submittedAt?: string;
  reviewedAt?: string | null;
  /** The admin's reason for a rejection. */
  reason?: string | null;
  /** Where to go on from an approved check. */
  nextRoute: string;
  /** While the check is under review: the next setup step the user can do meanwhile, or null when none is left. */
  meanwhile: SetupStep | null;
}

const copy: Record<IdentityStatusProps['status'], { title: string; text: string; icon: ReactNode }> = {
  pending: {
    title: 'Your identity check is under review',
    text: 'We will e-mail you when it is decided.',
    icon: <HourglassIcon width={24} height={24} />,
  },
  approved: { title: 'Your identity is verified', text: 'Thank you. Nothing more is needed here.', icon: <ShieldIcon width={24} height={24} /> },
  rejected: {
    title: 'We could not verify your identity',
    text: 'Please check the reason below and submit your document again.',
    icon: <AlertIcon width={24} height={24} />,
  },
};

/** Where the identity check stands: under review, verified, or rejected with the admin's reason. */
export function IdentityStatus({ status, submittedAt, reviewedAt, reason, nextRoute, meanwhile }: IdentityStatusProps) {
  const { title, text, icon } = copy[status];
  return (
    <section className="account-card identity-status" data-testid="identity-status" data-status={status} role="status">
      <span className="identity-status__icon">{icon}</span>
      <div className="identity-status__body">
        <h2 className="account-card__title" data-testid="identity-status-title">
          {title}
        </h2>
        <p className="account-card__text">{text}</p>
        {status === 'rejected' && reason && (
          <p className="identity-status__reason" data-testid="identity-reason">
            <strong>Reason:</strong> {reason}
          </p>
        )}
        {submittedAt && (
          <p className="account-card__text">
            <small>
              Submitted {formatDateTime(submittedAt)}
              {reviewedAt ? ` · reviewed ${formatDateTime(reviewedAt)}` : ''}
            </small>
          </p>
        )}
        {/* Only what is still to do: a card already saved is not offered again. */}
        {status === 'pending' && meanwhile && (
          <>
            <p className="account-card__text" data-testid="identity-meanwhile">
              Meanwhile you can do the next step: {meanwhile.title.toLowerCase()}.
            </p>
            <Link to={meanwhile.route} className="btn btn--primary" data-testid="identity-next">
              {meanwhile.title}
            </Link>
          </>
        )}
        {status === 'pending' && !meanwhile && (
          <p className="account-card__text" data-testid="identity-meanwhile">
            Everything else is in place: you can bid as soon as your identity is verified.
          </p>
        )}
        {status === 'approved' && (
          <Link to={nextRoute} className="btn btn--primary" data-testid="identity-next">
            Continue
          </Link>
        )}
      </div>
    </section>
  );
}
