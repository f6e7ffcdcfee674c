import { Link } from 'react-router';
import { firstFailedGate } from '@gavel/domain';
import { UserIcon } from '../../components/icons/icons.tsx';
import { useSignedInUser } from '../../session/use-current-user.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { ConditionsOfBusiness } from './ConditionsOfBusiness.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';
import { ProfileStatus } from './ProfileStatus.tsx';
import { TermsSection } from './TermsSection.tsx';
import { NotificationsSection } from './NotificationsSection.tsx';
import { PushSection } from './PushSection.tsx';
import { WalletsSection } from './WalletsSection.tsx';
import '../setup/account.css';
import './profile.css';

/** /profile: who the user is, the four bidding checks, the linked wallets, the e-mail preferences, the terms, and for staff the Conditions of Business. */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useSignedInUser();
  const name = user.name || [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const ready = firstFailedGate(user) === null;

  return (
    <div className="page account-page" data-testid="profile-page">
      <section className="account-card profile-card">
        <div className="profile-card__identity">
          <span className="profile-card__avatar" aria-hidden="true">
            <UserIcon width={36} height={36} />
          </span>
          <div className="profile-card__names">
            <h1 className="page-title" data-testid="profile-name">
              {name}
            </h1>
            <span className="profile-card__title" data-testid="profile-title">
              {user.title || 'User'}
            </span>
            <span className="profile-card__id">
              Account ID <code data-testid="profile-account-id">{user.id}</code>
            </span>
          </div>
        </div>
        <ProfileDetails user={user} />
        <div className="account-actions">
          <Link to="/basic-details" className="btn btn--ghost">
            Edit details
          </Link>
          <Link to="/change-password" className="btn btn--ghost">
            Reset Password
          </Link>
        </div>
      </section>

      <section className="account-card">
        <div className="profile-status__head">
          <h2 className="account-card__title">Bidding status</h2>
          <span className={`status-chip ${ready ? 'status-chip--done' : 'status-chip--pending'}`} data-testid="profile-ready">
            {ready ? 'Ready to bid' : 'Setup incomplete'}
          </span>
        </div>
        <ProfileStatus user={user} />
        {!ready && (
          <Link to="/complete-setup" className="btn btn--primary profile-status__cta">
            Continue setup
          </Link>
        )}
      </section>

      <WalletsSection />
      <NotificationsSection />
      <PushSection />
      <TermsSection user={user} />
      {(user.role === 'admin' || user.role === 'seller') && <ConditionsOfBusiness />}
    </div>
  );
}
