import { lazy, Suspense } from 'react';
import { phaseOf, shownStatus, type Lot } from '@gavel/domain';
import { useSellsLot } from './use-sells-lot.ts';

// Only sellers and admins ever see the panel: its code loads for them alone.
const SettlementPanel = lazy(() => import('./SettlementPanel.tsx').then((m) => ({ default: m.SettlementPanel })));

/**
 * The settlement panel on the public lot page, for an ended lot and only for its seller (the signed-in account
 * that created it, or the connected wallet that is the lot's seller wallet, case-insensitive) or an admin.
 */
export function SellerSettlement({ lot }: { lot: Lot }) {
  const { isSeller, isAdmin } = useSellsLot(lot);
  if (!lot.settlement || phaseOf(shownStatus(lot)) !== 'ended') return null;
  if (!isAdmin && !isSeller) return null;
  return (
    <div className="page">
      <Suspense fallback={<div className="skeleton" style={{ height: 160, borderRadius: 10 }} data-testid="settlement-loading" />}>
        <SettlementPanel lot={{ ...lot, settlement: lot.settlement }} isAdmin={isAdmin} />
      </Suspense>
    </div>
  );
}
