import { Link } from 'react-router';
import { ScrollIcon } from '../../components/icons/icons.tsx';

const LINKS = [
  { to: '/terms-conditions#bidding', label: 'Conditions of Business for Buyers' },
  { to: '/terms-conditions#sellers', label: 'Conditions of Business for Sellers' },
  { to: '/terms-conditions#payment', label: 'Payment and Settlement Terms' },
] as const;

/** On the profile, admins and sellers see the Conditions of Business, three links into the terms. */
export function ConditionsOfBusiness() {
  return (
    <section className="account-card conditions" data-testid="conditions-of-business">
      <h2 className="account-card__title">
        <ScrollIcon width={20} height={20} /> Conditions of Business
      </h2>
      <p className="account-card__text">The terms that govern consigning, selling and settling lots at Gavel.</p>
      <ul className="conditions__links">
        {LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to} data-testid="conditions-link">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
