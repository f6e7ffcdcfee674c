import { Link } from 'react-router';
import type { AuctionStats, KycStats, PlatformStats } from '@gavel/domain';
import { useDocumentTitle } from '../../pages/use-document-title.ts';
import { AdminTable, LoadError, PageHead } from '../common/states.tsx';
import { kycLabel } from '../users/KycPill.tsx';
import { BarChart } from './BarChart.tsx';
import { DegradationsPanel } from './DegradationsPanel.tsx';
import { useStats } from './stats-api.ts';
import './dashboard.css';

/** /s/admin: the platform's figures from the three stats calls, as tiles and bar charts. */
export function DashboardPage() {
  useDocumentTitle('Admin Dashboard');
  const { platform, auctions, kyc } = useStats();
  const retry = () => void Promise.all([platform.refetch(), auctions.refetch(), kyc.refetch()]);

  if (platform.isError || auctions.isError || kyc.isError) {
    return (
      <>
        <PageHead title="Dashboard" />
        <LoadError what="the statistics" onRetry={retry} />
      </>
    );
  }
  if (!platform.data || !auctions.data || !kyc.data) {
    return (
      <section data-testid="dashboard-loading" aria-busy="true">
        <PageHead title="Dashboard" />
        <div className="stat-tiles">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
            <div key={i} className="skeleton stat-tile stat-tile--skeleton" />
          ))}
        </div>
        <div className="dashboard-grid">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
            <div key={i} className="skeleton dashboard-chart-skeleton" />
          ))}
        </div>
      </section>
    );
  }
  return <Dashboard platform={platform.data} auctions={auctions.data} kyc={kyc.data} />;
}

function Dashboard({ platform, auctions, kyc }: { platform: PlatformStats; auctions: AuctionStats; kyc: KycStats }) {
  const s = auctions.byStatus;
  return (
    <section data-testid="admin-dashboard">
      <PageHead title="Dashboard" />
      <div className="stat-tiles">
        <Tile label="Users" value={platform.users.total} note={`${platform.users.newToday} new today`} testId="stat-users" />
        <Tile label="Live lots" value={s.live} note={`${auctions.endingWithin24h} ending within 24 h`} testId="stat-live" />
        <Tile label="Bids today" value={auctions.bidsToday} note={`${platform.bids.total.toLocaleString()} in all`} testId="stat-bids-today" />
        <Tile label="Pending KYC reviews" value={kyc.pendingReviews} note={<Link to="/s/admin/users?kycStatus=pending">Review</Link>} testId="stat-kyc-pending" />
      </div>
      <div className="dashboard-grid">
        <Panel title="Lots by status">
          <BarChart
            testId="chart-lot-status"
            bars={[
              { label: 'Upcoming', value: s.upcoming, tone: 'upcoming' },
              { label: 'Live', value: s.live, tone: 'live' },
              { label: 'Ended', value: s.ended, tone: 'ended' },
              { label: 'Cancelled', value: s.cancelled, tone: 'danger' },
            ]}
          />
        </Panel>
        <Panel title="Lots by payment method">
          <BarChart testId="chart-payment-method" bars={Object.entries(auctions.byPaymentMethod).map(([label, value]) => ({ label, value }))} />
        </Panel>
        <Panel title="Users by KYC status">
          <BarChart
            testId="chart-kyc"
            bars={Object.entries(kyc.byStatus).map(([status, value]) => ({
              label: kycLabel(status),
              value,
              tone: status === 'approved' ? 'live' : status === 'rejected' ? 'danger' : status === 'pending' ? 'upcoming' : 'ended',
            }))}
          />
          <p className="dashboard-note">
            {kyc.paymentMethodVerified} payment methods verified of {kyc.withPaymentMethod} on file.
          </p>
        </Panel>
        <Panel title="Settlement of ended lots">
          <BarChart
            testId="chart-settlement"
            bars={[
              { label: 'Awaiting payment', value: auctions.settlement.awaiting_payment, tone: 'upcoming' },
              { label: 'Awaiting transfer', value: auctions.settlement.awaiting_transfer, tone: 'accent' },
              { label: 'Complete', value: auctions.settlement.complete, tone: 'live' },
              { label: 'No winner', value: auctions.settlement.no_winner, tone: 'ended' },
            ]}
          />
        </Panel>
      </div>
      <Panel title="Gross sales by currency">
        {auctions.sales.length === 0 ? (
          <p data-testid="sales-empty">No lots sold yet.</p>
        ) : (
          <AdminTable
            testId="sales-table"
            head={
              <>
                <th>Currency</th>
                <th>Lots sold</th>
                <th>Gross</th>
                <th>Paid</th>
              </>
            }
          >
            {auctions.sales.map((sale) => (
              <tr key={sale.paymentMethod}>
                <td>{sale.paymentMethod}</td>
                <td>{sale.lotsSold}</td>
                <td>
                  {sale.gross} {sale.unit}
                </td>
                <td>
                  {sale.paid} {sale.unit}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
      <Panel title="Relayed wins left unpaid">
        <p className="dashboard-note">The auction house paid these sellers on chain and the relayer holds the NFT until the card winner pays.</p>
        {auctions.relayerExposure.length === 0 ? (
          <p data-testid="exposure-empty">None: every relayed win is paid.</p>
        ) : (
          <AdminTable
            testId="exposure-table"
            head={
              <>
                <th>Lot</th>
                <th>Winner</th>
                <th>Bid</th>
                <th>Owed</th>
                <th>Since</th>
                <th>State</th>
              </>
            }
          >
            {auctions.relayerExposure.map((win) => (
              <tr key={win.lotId}>
                <td>
                  <Link to={`/s/admin/auctions/${win.auctionEventId}/lots/${win.lotId}`}>{win.title}</Link>
                </td>
                <td>{win.winnerEmail ?? '—'}</td>
                <td>{win.amount} ETH</td>
                <td>{win.usd === null ? '—' : `$${win.usd}`}</td>
                <td>{new Date(win.since).toLocaleString()}</td>
                <td>{win.state === 'unpaid' ? 'Voided: offer it to the runner-up' : `Awaiting payment${win.payBy ? ` until ${new Date(win.payBy).toLocaleString()}` : ''}`}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </Panel>
      <Panel title="Dependencies degraded">
        <DegradationsPanel degradations={auctions.degradations} />
      </Panel>
      <p className="dashboard-note">
        {platform.auctionEvents.total} auction events ({platform.auctionEvents.published} published), {platform.lots.total} lots ({platform.lots.published} published), {platform.users.admins} admins.
      </p>
    </section>
  );
}

function Tile({ label, value, note, testId }: { label: string; value: number; note: React.ReactNode; testId: string }) {
  return (
    <div className="stat-tile" data-testid={testId}>
      <span className="stat-tile__label">{label}</span>
      <strong className="stat-tile__value" data-testid={`${testId}-value`}>
        {value.toLocaleString()}
      </strong>
      <span className="stat-tile__note">{note}</span>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="admin-card">
      <h2 className="admin-card__title">{title}</h2>
      {children}
    </div>
  );
}
