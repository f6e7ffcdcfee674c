import { useEffect, useRef, useState, type FormEvent } from 'react';
import { linkUrlError } from '@gavel/domain';
import { useImageUpload } from '../media/use-image-upload.ts';
import './rich-text.css';

/**
 * A small rich-text editor: a contentEditable area driven by the browser's editing commands, with a toolbar for
 * headings, emphasis, lists, links (a non-empty URL, domain's linkUrlError) and uploaded images. The api
 * sanitizes whatever HTML this produces before storing it.
 */
export function RichTextEditor({ initialHtml, onChange, label }: { initialHtml: string; onChange: (html: string) => void; label: string }) {
  const area = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [url, setUrl] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useImageUpload();

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount only, see below
  useEffect(() => {
    if (area.current) area.current.innerHTML = initialHtml; // once: afterwards the DOM is the source of truth
  }, []); // mount only: re-setting innerHTML later would lose the caret and the undo history

  const changed = () => onChange(area.current?.innerHTML ?? '');
  const keepSelection = () => {
    const selection = window.getSelection();
    if (selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode)) savedRange.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };
  const command = (name: string, value?: string) => {
    restoreSelection();
    document.execCommand(name, false, value);
    changed();
  };

  const addLink = (event: FormEvent) => {
    event.preventDefault();
    const error = linkUrlError(url);
    if (error) {
      setLinkError(error);
      return;
    }
    command('createLink', url.trim());
    setLinking(false);
    setUrl('');
    setLinkError(null);
  };
  const addImage = async (file: File | undefined) => {
    if (!file) return;
    const address = await upload(file);
    if (imageInput.current) imageInput.current.value = '';
    // The address as stored (`/ipfs/<cid>` or a gateway URL): both load on the site and pass the api's sanitizer.
    if (address) command('insertImage', address);
  };

  const tool = (text: string, title: string, run: () => void, testId: string) => (
    <button type="button" title={title} aria-label={title} onMouseDown={(e) => e.preventDefault()} onClick={run} data-testid={testId}>
      {text}
    </button>
  );
  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label="Formatting">
        {tool('H2', 'Heading', () => command('formatBlock', 'h2'), 'rte-h2')}
        {tool('H3', 'Subheading', () => command('formatBlock', 'h3'), 'rte-h3')}
        {tool('P', 'Paragraph', () => command('formatBlock', 'p'), 'rte-p')}
        {tool('B', 'Bold', () => command('bold'), 'rte-bold')}
        {tool('I', 'Italic', () => command('italic'), 'rte-italic')}
        {tool('• List', 'Bulleted list', () => command('insertUnorderedList'), 'rte-ul')}
        {tool('1. List', 'Numbered list', () => command('insertOrderedList'), 'rte-ol')}
        {tool(
          'Link',
          'Insert link',
          () => {
            keepSelection();
            setLinking(true);
          },
          'rte-link',
        )}
        {tool('Unlink', 'Remove link', () => command('unlink'), 'rte-unlink')}
        <label className="rte__image" title="Insert image">
          {uploading ? 'Uploading...' : 'Image'}
          <input
            ref={imageInput}
            type="file"
            accept="image/*"
            className="visually-hidden"
            disabled={uploading}
            onClick={keepSelection}
            onChange={(e) => void addImage(e.target.files?.[0])}
            data-testid="rte-image-input"
          />
        </label>
      </div>
      {linking && (
        <form className="rte__link" onSubmit={addLink} noValidate>
          <input
            className="field__input"
            type="url"
            placeholder="https://"
            value={url}
            // biome-ignore lint/a11y/noAutofocus: the field opens on the admin's own click on Link, to be typed in next
            autoFocus
            aria-label="Link URL"
            aria-invalid={linkError ? true : undefined}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="rte-link-url"
          />
          <button type="submit" className="btn btn--primary btn--small" data-testid="rte-link-apply">
            Apply
          </button>
          <button
            type="button"
            className="btn btn--ghost btn--small"
            onClick={() => {
              setLinking(false);
              setLinkError(null);
            }}
          >
            Cancel
          </button>
          {linkError && (
            <p className="field__error" data-testid="rte-link-error">
              {linkError}
            </p>
          )}
        </form>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: rich text (links, lists) cannot live in an input or a textarea */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: contentEditable makes it focusable */}
      <div
        ref={area}
        className="rte__area prose"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        onInput={changed}
        onBlur={keepSelection}
        onKeyUp={keepSelection}
        onMouseUp={keepSelection}
        data-testid="rte-area"
      />
    </div>
  );
}
