import { useEffect, useId, useState, type DragEvent } from 'react';
import { DocumentIcon, UploadIcon } from '../../components/icons/icons.tsx';
import { DOCUMENT_ACCEPT, fileSize } from './document-rules.ts';
import './identity.css';

interface DocumentPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}

/**
 * The document upload: tap to choose (the phone offers its camera), or drop a file on a desktop. An image is
 * previewed so the user can see it is sharp and whole before sending it; a PDF shows its name and size.
 */
export function DocumentPicker({ file, onChange, error }: DocumentPickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const preview = useObjectUrl(file?.type.startsWith('image/') ? file : null);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  }

  return (
    <div className="field">
      <span className="field__label" id={`${id}-label`}>
        Document image
      </span>
      {/* Before the drop zone, so the zone can show the input's keyboard focus (input:focus-visible + label). */}
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={DOCUMENT_ACCEPT}
        aria-labelledby={`${id}-label`}
        data-testid="identity-document"
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      {file ? (
        <div className="document-preview" data-testid="identity-document-preview">
          {preview ? (
            <img className="document-preview__image" src={preview} alt="Preview of the chosen document" data-testid="identity-document-image" />
          ) : (
            <span className="document-preview__icon">
              <DocumentIcon width={32} height={32} />
            </span>
          )}
          <div className="document-preview__meta">
            <span className="document-preview__name" data-testid="identity-document-name">
              {file.name}
            </span>
            <span className="document-preview__size">{fileSize(file.size)}</span>
            <button type="button" className="text-link" data-testid="identity-document-remove" onClick={() => onChange(null)}>
              Choose another file
            </button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={id}
          className="document-drop"
          data-dragging={dragging || undefined}
          aria-invalid={error ? true : undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <UploadIcon width={28} height={28} />
          <span className="document-drop__title">Upload a photo or scan</span>
          <span className="document-drop__hint">JPEG, PNG, WebP or PDF, smaller than 10 MB. All four corners visible, no glare.</span>
        </label>
      )}
      {error && (
        <p className="field__error" data-testid="identity-document-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An object URL for the file's preview, released when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setUrl(null);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}
