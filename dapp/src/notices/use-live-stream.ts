import { useEffect, useState } from 'react';
import { liveEvents, type StreamState } from '../api/events.ts';
import { useAppSelector } from '../state/store.ts';

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

/**
 * Whether the poll should stand in for the stream: from the moment it goes down until it is open again. Not
 * merely "down": between its reconnect attempts the stream is "connecting", and switching the poll off there
 * would restart it with a fresh baseline every few seconds and lose the very transitions it is watching for.
 */
export function useStreamDown(state: StreamState): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    if (state === 'down') setDown(true);
    else if (state === 'open' || state === 'idle') setDown(false);
  }, [state]);
  return down;
}
