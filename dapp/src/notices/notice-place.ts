import { useEffect } from 'react';
import { useMatch } from 'react-router';

/**
 * Where one outbid notice shows: one place only, since the same sentence three times (toast, card, banner) buries
 * a phone's screen. On the outbid lot's own page the inline banner says it beside the price that beat the bidder;
 * anywhere else the top-right card, with its way back to the lot; the toast only where neither can show.
 */
export type NoticePlace = 'banner' | 'card' | 'toast';

export interface NoticeContext {
  /** The lot whose page is open, else null. */
  viewingLotId: string | null;
  /** A card region is on screen (the buyer's header carries one). */
  cardsShown: boolean;
}

export function noticePlace(lotId: string, { viewingLotId, cardsShown }: NoticeContext): NoticePlace {
  if (viewingLotId === lotId) return 'banner';
  return cardsShown ? 'card' : 'toast';
}

/** The lot whose page is open: /auctions/:id (from notices) or /details/:lotId (from cards). */
export function useViewingLotId(): string | null {
  const fromNotice = useMatch('/auctions/:id');
  const fromCard = useMatch('/details/:lotId');
  return fromNotice?.params.id ?? fromCard?.params.lotId ?? null;
}

let cardRegions = 0;

/** Called by the card region while it is mounted, so a notice raised elsewhere knows whether a card can show. */
export function useCardRegion(): void {
  useEffect(() => {
    cardRegions += 1;
    return () => {
      cardRegions -= 1;
    };
  }, []);
}

export function cardsShown(): boolean {
  return cardRegions > 0;
}
