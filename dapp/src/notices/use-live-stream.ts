import { useEffect, useState } from 'react';
import { liveEvents, type StreamState } from '../api/events.ts';
import { useAppSelector } from '../app/store.ts';

/**
 * Keeps the tab's event stream on the current session (user events need the token) and reports how it is
 * doing, so the poll can take over while it is down. Mounted once, in the header's notice area.
 */
export function useLiveStream(): StreamState {
  const token = useAppSelector((state) => state.session.token);
  const [state, setState] = useState<StreamState>(liveEvents.state);

  useEffect(() => liveEvents.listen({ state: setState }), []);
  useEffect(() => {
    liveEvents.setToken(token);
  }, [token]);

  return state;
}
