export function KycPill({ status }: { status: string }) {
  const tone = status === 'approved' ? ' admin-pill--good' : status === 'rejected' ? ' admin-pill--bad' : status === 'pending' ? ' admin-pill--info' : '';
  return (
    <span className={`admin-pill${tone}`} data-testid="kyc-status">
      {kycLabel(status)}
    </span>
  );
}

export function kycLabel(status: string): string {
  return status === 'not_submitted' ? 'Not submitted' : status[0]!.toUpperCase() + status.slice(1);
}
