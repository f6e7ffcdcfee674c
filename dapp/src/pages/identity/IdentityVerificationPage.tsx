import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIdentityCheck } from '../../api/identity.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { useSignedInUser } from '../../session/use-current-user.ts';
import { useSession } from '../../session/use-session.ts';
import { AccountFrame } from '../setup/AccountFrame.tsx';
import { afterStepRoute, nextStep } from '../setup/setup-steps.ts';
import { IdentityForm } from './IdentityForm.tsx';
import { IdentityStatus } from './IdentityStatus.tsx';

/** /identity-verification: the form, or where the check stands (under review, verified, rejected with a reason). */
export function IdentityVerificationPage() {
  const user = useSignedInUser();
  const check = useIdentityCheck();
  const { refreshUser } = useSession();
  const queryClient = useQueryClient();
  const latest = check.data?.data ?? null;
  const status = user.identityVerified ? 'approved' : (check.data?.kycStatus ?? user.kycStatus);

  // An admin decided while the page was open: the user record (and with it every gate) changes too.
  useEffect(() => {
    if (check.data && check.data.kycStatus !== user.kycStatus) void refreshUser();
  }, [check.data, user.kycStatus, refreshUser]);

  function submitted() {
    void queryClient.invalidateQueries({ queryKey: queryKeys.account.identity });
    void refreshUser();
  }

  return (
    <AccountFrame
      testId="identity-verification"
      step={2}
      title="Identity verification"
      lead="We check every bidder's identity before their first bid. Upload a photo of your passport, national ID card or driving licence."
    >
      {status !== 'not_submitted' && (
        <IdentityStatus
          status={status}
          submittedAt={latest?.submittedAt}
          reviewedAt={latest?.reviewedAt}
          reason={latest?.reason ?? user.kycReason}
          nextRoute={afterStepRoute(user)}
          meanwhile={nextStep(user)}
        />
      )}
      {check.isPending && status === 'not_submitted' && <div className="skeleton identity-loading" data-testid="identity-loading" />}
      {(status === 'not_submitted' || status === 'rejected') && (check.data || check.isError) && (
        <IdentityForm key={latest?.id ?? 'new'} user={user} previous={status === 'rejected' ? latest : null} onSubmitted={submitted} />
      )}
    </AccountFrame>
  );
}
