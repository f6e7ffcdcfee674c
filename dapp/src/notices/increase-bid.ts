import { useLocation } from 'react-router';

/**
 * "Increase Bid" opens the lot with this in the location state: the lot page then fills the new minimum into
 * the bid box and focuses it. A counter rather than `true`, so pressing it again on the same lot acts again.
 */
export interface IncreaseBidState {
  increaseBid: number;
}

export function increaseBidState(): IncreaseBidState {
  return { increaseBid: Date.now() };
}

/** The request's stamp when the page was opened through Increase Bid, else null. */
export function useIncreaseBidRequest(): number | null {
  const state = useLocation().state as Partial<IncreaseBidState> | null;
  return typeof state?.increaseBid === 'number' ? state.increaseBid : null;
}
