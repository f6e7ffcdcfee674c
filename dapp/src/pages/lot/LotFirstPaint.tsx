import { useParams } from 'react-router';
import { useLot } from '../../api/lots.ts';
import { LotCrumbs } from './LotCrumbs.tsx';
import { LotGallery } from './LotGallery.tsx';
import './lot-detail.css';

/**
 * A lot page before it can work: on a first visit while the page's code is still on the way (the route's fallback),
 * and while the lot itself is. Its picture, the page's largest paint, and its title show as soon as the lot has
 * arrived rather than after the bidding and checkout code, which a phone on a slow network takes a second longer to
 * fetch; the rest is grey blocks in the places the page will fill. This code ships with the app shell, so it is kept
 * to the picture and the words.
 */
export function LotFirstPaint() {
  const { lotId, id } = useParams();
  const lot = useLot(lotId ?? id).data;
  return (
    <div className="page lot-detail" data-testid="lot-detail-loading" aria-busy="true">
      {/* Each grey block takes the room of what replaces it (a line of the crumbs' text, the picture's box), so the
          lot's arrival moves nothing below them: a shift there is what a phone's visitor sees as the page jumping. */}
      {lot ? (
        <LotCrumbs lot={lot} />
      ) : (
        <div className="lot-detail__crumbs">
          <span className="skeleton" style={{ width: '40%' }}>
            &nbsp;
          </span>
        </div>
      )}
      <div className="lot-detail__layout">
        {lot ? (
          <LotGallery imageUrls={lot.imageUrls} title={lot.title} />
        ) : (
          <div className="lot-gallery">
            <div className="lot-gallery__main skeleton" />
          </div>
        )}
        <div className="lot-detail__info">
          <span className="skeleton skeleton--line" style={{ width: '30%' }} />
          {lot ? <h1 className="lot-detail__title">{lot.title}</h1> : <span className="skeleton skeleton--title" style={{ width: '85%', height: 32 }} />}
          <span className="skeleton skeleton--line" style={{ width: '50%' }} />
          <span className="skeleton" style={{ height: 220, borderRadius: 16 }} />
        </div>
      </div>
    </div>
  );
}
