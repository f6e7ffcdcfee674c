import { useState } from 'react';
import { LotImage } from '../../components/lot-card/LotImage.tsx';
import { assetUrl } from '../../lots/asset-url.ts';

/** The lot's pictures: one large, and thumbnails to switch when there are several. */
export function LotGallery({ imageUrls, title }: { imageUrls: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const current = imageUrls[selected] ?? imageUrls[0];
  return (
    <div className="lot-gallery">
      <div className="lot-gallery__main">
        <LotImage url={current} alt={title} loading="eager" />
      </div>
      {imageUrls.length > 1 && (
        <div className="lot-gallery__thumbs">
          {imageUrls.map((url, index) => (
            <button
              key={url}
              type="button"
              className="lot-gallery__thumb"
              aria-pressed={index === selected}
              aria-label={`Show image ${index + 1} of ${imageUrls.length}`}
              onClick={() => setSelected(index)}
            >
              <img src={assetUrl(url)} alt="" loading="lazy" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
