import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { adminMessages, kycDecisionSchema, messages } from '@gavel/domain';
import { useNotify } from '../../components/toast/use-notify.ts';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { adminErrorMessage } from '../common/admin-errors.ts';
import { LoadError, PageHead, TableSkeleton } from '../common/states.tsx';
import { BiddingLimitCard } from './BiddingLimitCard.tsx';
import { IdentityReview } from './IdentityReview.tsx';
import { KycPill } from './KycPill.tsx';
import { useAdminUser, useUserMutations } from './users-api.ts';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/users/:userId: the account, its latest identity check, the KYC decision and payment verification. */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  const { kyc, payment } = useUserMutations(userId);
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  useDocumentTitle(user.data?.email ?? 'User');

  if (user.isPending) return <TableSkeleton rows={8} testId="user-loading" />;
  if (user.isError) return <LoadError what="this user" onRetry={() => void user.refetch()} />;
  const u = user.data;

  const decide = (kycStatus: 'approved' | 'rejected') => {
    const body = { kycStatus, reason: reason.trim() || undefined };
    // The same rule the api applies: a rejection needs a reason.
    const check = kycDecisionSchema.safeParse(body);
    if (!check.success) {
      setReasonError(check.error.issues[0]?.message ?? messages.identity.reasonRequired);
      return;
    }
    setReasonError(null);
    kyc.mutate(body, {
      onSuccess: (reply) => {
        notify.success(reply.message, messages.identity.kycUpdated);
        setReason('');
      },
      onError: (error) => notify.failure(error, adminErrorMessage(error, adminMessages.updateKycFailed)),
    });
  };

  const setPayment = (verified: boolean) =>
    payment.mutate(verified, {
      onSuccess: (reply) => notify.success(reply.message, messages.identity.paymentVerificationUpdated),
      onError: (error) => notify.failure(error, adminErrorMessage(error, 'Failed to update payment verification')),
    });

  return (
    <section data-testid="admin-user-detail">
      <p>
        <Link to="/s/admin/users">&larr; Users</Link>
      </p>
      <PageHead title={u.name ?? u.email} />
      <div className="admin-card">
        <dl className="admin-dl">
          <dt>E-mail</dt>
          <dd>
            {u.email} {u.emailVerified ? '' : '(not verified)'}
          </dd>
          <dt>Role</dt>
          <dd>{u.role}</dd>
          <dt>Profile</dt>
          <dd>{u.isProfileComplete ? 'Complete' : 'Incomplete'}</dd>
          <dt>KYC</dt>
          <dd>
            <KycPill status={u.kycStatus} />
            {u.reason ? ` ${u.reason}` : ''}
          </dd>
          <dt>Payment method</dt>
          <dd>
            {u.hasValidPaymentMethod ? 'Card on file' : 'None'}; {u.paymentMethodVerified ? 'verified' : 'not verified'}
          </dd>
          <dt>Terms</dt>
          <dd>{u.termsAccepted ? 'Accepted' : 'Not accepted'}</dd>
          <dt>Unpaid purchases</dt>
          <dd data-testid="user-unpaid-count">{u.unpaidCount === 0 ? 'None' : `${u.unpaidCount} voided for non-payment`}</dd>
          <dt>Joined</dt>
          <dd>
            <DateTime iso={u.createdAt} />
          </dd>
        </dl>
      </div>
      <div className="admin-card">
        <h2 className="admin-card__title">Identity verification</h2>
        <IdentityReview identity={u.identity}>
          <div className="field">
            <label className="field__label" htmlFor="kyc-reason">
              Reason (required to reject)
            </label>
            <textarea
              id="kyc-reason"
              className="field__input"
              rows={2}
              value={reason}
              maxLength={500}
              aria-invalid={reasonError ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
              data-testid="kyc-reason"
            />
            {reasonError && (
              <p className="field__error" data-testid="kyc-reason-error">
                {reasonError}
              </p>
            )}
          </div>
          <div className="admin-actions">
            <button type="button" className="btn btn--primary" disabled={kyc.isPending || u.kycStatus === 'approved'} onClick={() => decide('approved')} data-testid="kyc-approve">
              Approve KYC
            </button>
            <button type="button" className="btn btn--danger" disabled={kyc.isPending} onClick={() => decide('rejected')} data-testid="kyc-reject">
              Reject KYC
            </button>
          </div>
        </IdentityReview>
      </div>
      <div className="admin-card">
        <h2 className="admin-card__title">Payment verification</h2>
        <p data-testid="payment-verified">{u.paymentMethodVerified ? 'The payment method is verified.' : 'The payment method is not verified.'}</p>
        <button type="button" className="btn btn--ghost" disabled={payment.isPending} onClick={() => setPayment(!u.paymentMethodVerified)} data-testid="payment-toggle">
          {u.paymentMethodVerified ? 'Revoke payment verification' : 'Mark payment verified'}
        </button>
      </div>
      <BiddingLimitCard userId={u.id} current={u.biddingLimit} />
    </section>
  );
}
