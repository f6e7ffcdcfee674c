import { Link, useSearchParams } from 'react-router';
import { KYC_STATUSES } from '@gavel/domain';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminPager, LoadError, NoRows, PageHead, TableSkeleton } from '../common/states.tsx';
import { KycPill, kycLabel } from './KycPill.tsx';
import { useAdminUsers } from './users-api.ts';
import { DateTime } from '../../dates/DateTime.tsx';

/** /s/admin/users: every account, filtered by KYC status and payment verification, 20 a page. */
export function UsersPage() {
  useDocumentTitle('Users');
  const [params, setParams] = useSearchParams();
  const filters = {
    kycStatus: params.get('kycStatus') ?? undefined,
    paymentVerified: params.get('paymentVerified') ?? undefined,
    search: params.get('search') ?? undefined,
    page: Number(params.get('page')) || 1,
  };
  const users = useAdminUsers(filters);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next);
  };

  return (
    <section data-testid="admin-users">
      <PageHead title="Users" />
      <div className="admin-filters">
        <input
          type="search"
          placeholder="Search e-mail or name"
          defaultValue={filters.search}
          aria-label="Search users"
          onKeyDown={(event) => {
            if (event.key === 'Enter') set('search', event.currentTarget.value.trim());
          }}
          data-testid="users-search"
        />
        <select value={filters.kycStatus ?? ''} onChange={(event) => set('kycStatus', event.target.value)} aria-label="KYC status" data-testid="users-kyc-filter">
          <option value="">All KYC statuses</option>
          {KYC_STATUSES.map((status) => (
            <option key={status} value={status}>
              {kycLabel(status)}
            </option>
          ))}
        </select>
        <select value={filters.paymentVerified ?? ''} onChange={(event) => set('paymentVerified', event.target.value)} aria-label="Payment verification" data-testid="users-payment-filter">
          <option value="">Any payment verification</option>
          <option value="true">Payment verified</option>
          <option value="false">Payment not verified</option>
        </select>
      </div>
      {users.isPending ? (
        <TableSkeleton />
      ) : users.isError ? (
        <LoadError what="users" onRetry={() => void users.refetch()} />
      ) : users.data.data.length === 0 ? (
        <NoRows title="No users found" description="No account matches these filters." />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table--cards">
              <thead>
                <tr>
                  <th>E-mail</th>
                  <th>Name</th>
                  <th>Role</th>
                  <th>KYC</th>
                  <th>Payment</th>
                  <th>Unpaid</th>
                  <th>Joined</th>
                </tr>
              </thead>
              <tbody>
                {users.data.data.map((user) => (
                  <tr key={user.id} data-testid="users-row">
                    <td data-label="E-mail" className="admin-table__primary">
                      <Link to={`/s/admin/users/${user.id}`}>{user.email}</Link>
                    </td>
                    <td data-label="Name">{user.name ?? '-'}</td>
                    <td data-label="Role">{user.role}</td>
                    <td data-label="KYC">
                      <KycPill status={user.kycStatus} />
                    </td>
                    <td data-label="Payment">{user.paymentMethodVerified ? <span className="admin-pill admin-pill--good">Verified</span> : <span className="admin-pill">Not verified</span>}</td>
                    <td data-label="Unpaid" data-testid="users-unpaid">
                      {user.unpaidCount > 0 ? <span className="admin-pill admin-pill--bad">{user.unpaidCount}</span> : '-'}
                    </td>
                    <td data-label="Joined">
                      <DateTime iso={user.createdAt} dateOnly />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <AdminPager pagination={users.data.pagination} onPage={(page) => set('page', String(page))} />
        </>
      )}
    </section>
  );
}
