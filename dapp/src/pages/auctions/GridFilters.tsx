import type { PaymentMethod } from '@gavel/domain';
import { useAuctionEvent } from '../../api/auction-events.ts';
import { CloseIcon } from '../../components/icons/icons.tsx';
import { SORT_CHOICES, STATUS_FILTERS, type BrowseParams, type SortChoice, type StatusFilter } from './browse-params.ts';
import './grid-filters.css';

const STATUS_LABELS: Record<StatusFilter, string> = { live: 'Live', upcoming: 'Upcoming', ended: 'Ended' };
const METHOD_LABELS: Record<PaymentMethod, string> = { BTC: 'Bitcoin', ETH: 'Ethereum', Manual: 'USD / card' };

interface GridFiltersProps {
  params: BrowseParams;
  onChange: (changes: Partial<BrowseParams>) => void;
}

/** Status chips, the payment method and order pickers, and removable chips for the search term and event. */
export function GridFilters({ params, onChange }: GridFiltersProps) {
  const event = useAuctionEvent(params.auctionEventId);
  return (
    <div className="grid-filters" data-testid="grid-filters">
      <div className="grid-filters__row">
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's default border, padding and min-width would break the row of chips */}
        <div className="chip-group" role="group" aria-label="Status">
          <button type="button" className="chip" aria-pressed={!params.status} data-testid="status-filter-all" onClick={() => onChange({ status: undefined })}>
            All
          </button>
          {STATUS_FILTERS.map((status) => (
            <button key={status} type="button" className="chip" aria-pressed={params.status === status} data-testid={`status-filter-${status}`} onClick={() => onChange({ status })}>
              {STATUS_LABELS[status]}
            </button>
          ))}
        </div>
        <div className="grid-filters__selects">
          <label className="select">
            <span className="visually-hidden">Payment method</span>
            <select value={params.paymentMethod ?? ''} data-testid="payment-filter" onChange={(e) => onChange({ paymentMethod: (e.target.value || undefined) as PaymentMethod | undefined })}>
              <option value="">All payment methods</option>
              {(Object.keys(METHOD_LABELS) as PaymentMethod[]).map((method) => (
                <option key={method} value={method}>
                  {METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          </label>
          <label className="select">
            <span className="visually-hidden">Sort by</span>
            <select value={params.sort} data-testid="sort-control" onChange={(e) => onChange({ sort: e.target.value as SortChoice })}>
              {(Object.keys(SORT_CHOICES) as SortChoice[]).map((choice) => (
                <option key={choice} value={choice}>
                  {SORT_CHOICES[choice].label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      {(params.search || params.auctionEventId) && (
        <div className="grid-filters__active">
          {params.search && (
            <button type="button" className="chip chip--removable" data-testid="search-chip" onClick={() => onChange({ search: undefined })}>
              Results for “{params.search}” <CloseIcon width={14} height={14} aria-label="Clear search" />
            </button>
          )}
          {params.auctionEventId && (
            <button type="button" className="chip chip--removable" data-testid="event-chip" onClick={() => onChange({ auctionEventId: undefined })}>
              Event: {event.data?.title ?? '…'} <CloseIcon width={14} height={14} aria-label="Show all events" />
            </button>
          )}
        </div>
      )}
    </div>
  );
}
