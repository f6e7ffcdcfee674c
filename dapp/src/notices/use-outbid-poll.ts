import { useEffect } from 'react';
import type { OutbidNotification } from '@gavel/domain';
import { bidsApi } from '../api/bids.ts';
import { outbidSince, type BidBaseline } from './outbid-diff.ts';

/** The spec's outbid poll runs every 5 s. */
export const OUTBID_POLL_MS = 5_000;

/**
 * The fallback when the event stream is down: poll the user's bids every 5 s and raise a notice for each one
 * that went from active to outbid. Each (re)start records a fresh baseline first, as the spec says.
 */
export function useOutbidPoll(enabled: boolean, raise: (notification: OutbidNotification) => void): void {
  useEffect(() => {
    if (!enabled) return;
    let baseline: BidBaseline | null = null;
    let stopped = false;
    const controller = new AbortController();
    const poll = async () => {
      try {
        const reply = await bidsApi.mine(controller.signal);
        if (stopped) return;
        const result = outbidSince(baseline, reply.data);
        baseline = result.baseline;
        for (const notification of result.outbid) raise(notification);
      } catch {
        // Offline or the api hiccuped: the next poll asks again, with the baseline it had.
      }
    };
    void poll();
    const timer = setInterval(() => void poll(), OUTBID_POLL_MS);
    return () => {
      stopped = true;
      controller.abort();
      clearInterval(timer);
    };
  }, [enabled, raise]);
}
