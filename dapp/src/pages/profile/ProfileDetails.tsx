import { useId, useState } from 'react';
import type { User } from '@gavel/domain';
import { ChevronDownIcon } from '../../components/icons/icons.tsx';
import { formatDate } from '../../dates/format-date.ts';

export const roleLabel = (role: User['role']) => role.charAt(0).toUpperCase() + role.slice(1);

/** The profile's expandable details: folded by default, so the status indicators lead on a phone. */
export function ProfileDetails({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rows: [string, string | null, string][] = [
    ['E-mail', user.email, 'email'],
    ['Phone', user.phoneNumber, 'phone'],
    ['Country', user.country, 'country'],
    ['City', user.city, 'city'],
    ['State', user.state, 'state'],
    ['Address', user.address, 'address'],
    ['Postal code', user.postCode, 'post-code'],
    ['Date of birth', user.dateOfBirth ? formatDate(user.dateOfBirth) : null, 'dob'],
    ['Role', roleLabel(user.role), 'role'],
  ];
  return (
    <section className="profile-details">
      <button type="button" className="profile-details__toggle" aria-expanded={open} aria-controls={id} data-testid="profile-details-toggle" onClick={() => setOpen((value) => !value)}>
        {open ? 'Hide details' : 'Show details'} <ChevronDownIcon width={18} height={18} />
      </button>
      {open && (
        <dl id={id} className="profile-details__list" data-testid="profile-details">
          {rows.map(([label, value, key]) => (
            <div key={key} className="profile-details__row">
              <dt>{label}</dt>
              <dd data-testid={`profile-${key}`}>{value || <span className="profile-details__empty">Not provided</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
