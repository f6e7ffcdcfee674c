import { kycLabel } from './UsersPage.tsx';

export function KycPill({ status }: { status: string }) {
  const tone = status === 'approved' ? ' admin-pill--good' : status === 'rejected' ? ' admin-pill--bad' : status === 'pending' ? ' admin-pill--info' : '';
  return <span className={`admin-pill${tone}`} data-testid="kyc-status">{kycLabel(status)}</span>;
}
