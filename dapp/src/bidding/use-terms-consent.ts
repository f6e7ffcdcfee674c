import { useCallback, useState } from 'react';
import { messages, type User } from '@gavel/domain';
import { authApi } from '../api/auth.ts';
import { useNotify } from '../components/toast/use-notify.ts';
import { validate, withErrors, type FieldErrors } from '../forms/validate.ts';
import { useSession } from '../session/use-session.ts';

export interface TermsConsent {
  accepted: boolean;
  biddingFor: string;
  ticked: boolean;
  errors: FieldErrors;
  /** ADD TO CART and BUY NOW wait until the terms are accepted or the box is ticked. */
  ok: boolean;
  choose: (biddingFor: string) => void;
  tick: (ticked: boolean) => void;
  /**
   * Before an action that needs accepted terms: true at once if they are (or nobody is signed in, which the
   * bid gate handles); else accepts them with the choice made here, showing the spec's messages if incomplete.
   */
  ensureAccepted: () => Promise<boolean>;
}

/** The lot page's terms block as state: who the user bids for, the box, and accepting both. */
export function useTermsConsent(user: User | null): TermsConsent {
  const [biddingFor, setBiddingFor] = useState('');
  const [ticked, setTicked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { updateUser } = useSession();
  const notify = useNotify();
  const accepted = Boolean(user?.termsAccepted);

  const ensureAccepted = useCallback(async () => {
    if (!user || user.termsAccepted) return true;
    // The schema's code loads on the first acceptance, not with the lot page every visitor opens.
    const { acceptTermsBodySchema } = await import('@gavel/domain/schemas/auth');
    const result = withErrors(validate(acceptTermsBodySchema, { biddingFor }), { acceptTerms: ticked ? undefined : messages.terms.checkboxRequired });
    if (!result.ok) {
      setErrors(result.errors);
      return false;
    }
    try {
      const reply = await authApi.acceptTerms(result.data);
      updateUser(reply.user);
      notify.success(reply.message, messages.terms.accepted);
      return true;
    } catch (error) {
      notify.failure(error, messages.auth.failedAcceptTerms);
      return false;
    }
  }, [user, biddingFor, ticked, updateUser, notify]);

  return {
    accepted,
    biddingFor,
    ticked,
    errors,
    ok: accepted || ticked,
    choose: (value) => {
      setBiddingFor(value);
      setErrors((e) => ({ ...e, biddingFor: undefined }));
    },
    tick: (value) => {
      setTicked(value);
      setErrors((e) => ({ ...e, acceptTerms: undefined }));
    },
    ensureAccepted,
  };
}
