import { fill, followMessages } from '@gavel/domain';
import { useLocation, useNavigate } from 'react-router';
import { useWatchedIds, useWatchToggle } from '../api/follow.ts';
import { HeartIcon } from '../components/icons/icons.tsx';
import { useNotify } from '../components/toast/use-notify.ts';
import { useAppSelector } from '../state/store.ts';
import { rememberBidReturn } from '../session/return-path.ts';
import './follow.css';

/**
 * The watchlist heart on a lot card or the lot page. Signed out, it leads to sign-in and back to this page;
 * signed in, it turns at once and turns back if the api refuses.
 */
export function WatchButton({ lot, variant = 'card' }: { lot: { _id: string; title: string }; variant?: 'card' | 'page' }) {
  const signedIn = useAppSelector((state) => state.session.status === 'signedIn');
  const ids = useWatchedIds();
  const toggle = useWatchToggle();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const watched = ids.data?.includes(lot._id) ?? false;
  // A toggle keeps one name and says its state with aria-pressed: a name that flips with the state reads as two
  // different buttons to screen readers and voice control. The name carries the lot's title; on the lot page, where
  // the title is the heading beside it, the button shows only "Watch" (the start of that name), so it stays one short
  // line on a phone.
  const label = fill(followMessages.watch, { title: lot.title });

  function click() {
    if (!signedIn) {
      // Signing in brings them back here, as it does a bidder sent off from PLACE BID.
      rememberBidReturn(location.pathname + location.search);
      return void navigate('/signin');
    }
    toggle.mutate({ lotId: lot._id, watched: !watched }, { onError: (error) => notify.failure(error, followMessages.watchFailed) });
  }

  return (
    <button type="button" className={`watch-button watch-button--${variant}`} aria-pressed={watched} aria-label={label} title={label} data-testid="watch-button" onClick={click}>
      <HeartIcon filled={watched} width={variant === 'card' ? 20 : 22} height={variant === 'card' ? 20 : 22} aria-hidden="true" />
      {variant === 'page' && <span>{followMessages.watchShort}</span>}
    </button>
  );
}
