import { useState } from 'react';
import { messages } from '@gavel/domain';
import { assetUrl } from '../../lots/asset-url.ts';
import { ImageIcon } from '../icons/icons.tsx';
import './lot-image.css';

interface LotImageProps {
  url: string | undefined;
  alt: string;
  /** Eager (and fetched first) for the image a visitor came to see; lazy for the twentieth card below the fold. */
  loading?: 'lazy' | 'eager';
}

/** A lot's picture, or the spec's "No Image Available" placeholder when there is none or it fails to load. */
export function LotImage({ url, alt, loading = 'lazy' }: LotImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) {
    return (
      <div className="lot-image lot-image--empty" data-testid="lot-image-placeholder">
        <ImageIcon width={28} height={28} />
        <span>{messages.browse.noImage}</span>
      </div>
    );
  }
  return (
    <img
      className="lot-image"
      src={assetUrl(url)}
      alt={alt}
      loading={loading}
      fetchPriority={loading === 'eager' ? 'high' : 'auto'}
      decoding="async"
      data-testid="lot-image"
      onError={() => setFailed(url)}
    />
  );
}
