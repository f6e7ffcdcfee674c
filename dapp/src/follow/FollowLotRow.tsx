import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { phaseOf, type Lot } from '@gavel/domain';
import { LotImage } from '../components/lot-card/LotImage.tsx';
import { lotHref } from '../components/lot-card/LotCard.tsx';
import { DateTime } from '../dates/DateTime.tsx';

interface FollowLotRowProps {
  lot: Lot;
  testId: string;
  /** The row's state tag ("Outbid", "Awaiting payment"), `tone` colouring it. */
  tag: { text: string; tone: 'good' | 'warn' | 'bad' | 'muted' };
  /** The figures: label and value pairs (your bid, current bid, sold for). */
  facts: Array<[string, ReactNode]>;
  /** Buttons or links for what to do next. */
  actions?: ReactNode;
  /** Extra lines under the title (a payment deadline). */
  note?: ReactNode;
}

/** One lot in a user's list: picture, title (to the lot page), its state, the figures that matter and what to do next. */
export function FollowLotRow({ lot, testId, tag, facts, actions, note }: FollowLotRowProps) {
  const phase = phaseOf(lot.status);
  const ended = phase === 'ended' || phase === 'cancelled';
  return (
    <li className="follow-row" data-testid={testId} data-lot-id={lot._id}>
      <div className="follow-row__image">
        <LotImage url={lot.imageUrls[0]} alt="" />
      </div>
      <div className="follow-row__body">
        <Link to={lotHref(lot)} className="follow-row__title" data-testid={`${testId}-title`}>
          {lot.title}
        </Link>
        <span className="follow-row__meta">
          {lot.auction.title} · {ended ? 'Ended' : 'Ends'} <DateTime iso={lot.closedAt ?? lot.endTime} />
        </span>
        {note}
      </div>
      <span className={`follow-row__tag follow-row__tag--${tag.tone}`} data-testid={`${testId}-state`}>
        {tag.text}
      </span>
      <dl className="follow-row__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {actions && <div className="follow-row__actions">{actions}</div>}
    </li>
  );
}
