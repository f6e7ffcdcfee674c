import { useAppSelector } from '../state/store.ts';
import { NoticeBell } from './NoticeBell.tsx';
import { OutbidCards } from './OutbidCards.tsx';
import { useLiveStream, useStreamDown } from './use-live-stream.ts';
import { useOutbidAlerts } from './use-outbid-alerts.ts';
import { useEndingSoonAlerts } from './use-ending-soon-alerts.ts';
import { useBidCancelledAlerts } from './use-bid-cancelled-alerts.ts';
import { useOutbidPoll } from './use-outbid-poll.ts';
import './notices.css';

/**
 * The header's notice area: keeps the event stream on the session, raises outbid, ending-soon and cancelled-bid notices from it, and polls
 * every 5 s only while the stream is down. Shows the bell (signed in) and the top-right cards.
 */
export function NoticeArea() {
  const signedIn = useAppSelector((state) => state.session.status === 'signedIn');
  const stream = useLiveStream();
  const raise = useOutbidAlerts();
  useEndingSoonAlerts();
  useBidCancelledAlerts();
  const streamDown = useStreamDown(stream);
  useOutbidPoll(signedIn && streamDown, raise);
  return (
    <>
      {signedIn && <NoticeBell />}
      <OutbidCards />
    </>
  );
}
