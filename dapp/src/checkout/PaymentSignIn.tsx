import { Link } from 'react-router';
import { LoginIcon } from '../components/icons/icons.tsx';
import { useAppSelector } from '../state/store.ts';

/**
 * The spec's "Please log in to continue with payment." (and "Please log in to continue." for bids) when a
 * payment screen is reached without a session: the session may have ended in another tab meanwhile.
 */
export function useSignedIn(): boolean {
  return useAppSelector((state) => state.session.status === 'signedIn');
}

export function PaymentSignIn({ message }: { message: string }) {
  return (
    <div className="checkout-step checkout-step--center" data-testid="payment-sign-in">
      <LoginIcon width={28} height={28} />
      <p className="checkout-step__lead">{message}</p>
      <Link to="/signin" className="btn btn--primary">
        Sign in
      </Link>
    </div>
  );
}
