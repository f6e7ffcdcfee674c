import { useId, useRef } from 'react';
import { LOT_IMAGE_LIMITS_TEXT, LOT_IMAGE_TYPES } from '@gavel/domain';
import { assetUrl } from '../../lots/asset-url.ts';
import { useImageUpload } from '../media/use-image-upload.ts';

/** The lot's images: uploaded one at a time through the upload call, shown as thumbnails, removable. */
export function ImagesField({ urls, onChange }: { urls: string[]; onChange: (urls: string[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useImageUpload();
  const limitsId = useId();
  const pick = async (file: File | undefined) => {
    if (!file) return;
    const url = await upload(file);
    if (input.current) input.current.value = '';
    if (url) onChange([...urls, url]);
  };
  return (
    <div className="images-field">
      {urls.length === 0 && <p className="field__hint">No images yet.</p>}
      <ul className="images-field__list">
        {urls.map((url, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same URL may be listed twice, so its place is part of its identity
          <li key={`${url}-${index}`} className="images-field__item" data-testid="lot-image">
            <img src={assetUrl(url)} alt={`Upload ${index + 1} of ${urls.length}`} />
            <button type="button" className="btn btn--ghost btn--small" onClick={() => onChange(urls.filter((_, i) => i !== index))} aria-label={`Remove image ${index + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <label className="btn btn--ghost images-field__add">
        {uploading ? 'Uploading...' : 'Add image'}
        <input
          ref={input}
          type="file"
          accept={LOT_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          disabled={uploading}
          aria-describedby={limitsId}
          onChange={(event) => void pick(event.target.files?.[0])}
          data-testid="lot-image-input"
        />
      </label>
      {/* Said before a file is chosen, not only once an upload fails. */}
      <p id={limitsId} className="field__hint" data-testid="lot-image-limits">
        {LOT_IMAGE_LIMITS_TEXT}
      </p>
    </div>
  );
}
