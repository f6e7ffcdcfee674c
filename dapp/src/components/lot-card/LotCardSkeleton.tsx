import './lot-card.css';

/** A grey stand-in with the card's shape, so the grid does not jump when lots arrive. */
export function LotCardSkeleton() {
  return (
    <div className="lot-card lot-card--skeleton" data-testid="lot-card-skeleton" aria-hidden="true">
      <div className="lot-card__media skeleton" />
      <div className="lot-card__body">
        <span className="skeleton skeleton--line" style={{ width: '35%' }} />
        <span className="skeleton skeleton--title" style={{ width: '80%' }} />
        <span className="skeleton skeleton--line" style={{ width: '95%' }} />
        <span className="skeleton skeleton--line" style={{ width: '60%' }} />
        <span className="skeleton skeleton--line" style={{ width: '45%' }} />
        <span className="skeleton skeleton--button" />
      </div>
    </div>
  );
}
