import { Link } from 'react-router';
import { useAppSelector } from '../../state/store.ts';
import { useCart } from '../../api/checkout.ts';
import './cart-link.css';

/** The header's cart: signed-in users only, with the number of lots still awaiting payment. */
export function CartLink() {
  const signedIn = useAppSelector((state) => state.session.status === 'signedIn');
  const cart = useCart({ enabled: signedIn });
  if (!signedIn) return null;
  const due = cart.data?.items.filter((item) => item.paymentState === 'awaiting_payment').length ?? 0;
  return (
    <Link to="/cart" className="header__icon-button cart-link" data-testid="header-cart" aria-label={due ? `Cart, ${due} awaiting payment` : 'Cart'}>
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2" />
        <circle cx="10" cy="20.5" r="1" />
        <circle cx="17" cy="20.5" r="1" />
      </svg>
      {due > 0 && (
        <span className="count-badge cart-link__count" data-testid="header-cart-count">
          {due}
        </span>
      )}
    </Link>
  );
}
