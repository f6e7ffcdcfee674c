import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { CloseIcon, SearchIcon } from '../../components/icons/icons.tsx';
import { searchUrl } from './search-url.ts';

/** Typing pauses this long before the grid reloads, so each keystroke does not become a request. */
const DEBOUNCE_MS = 350;

/** The header's search toggle and box. The term lives in the URL (`/auctions?search=`), so it survives reloads. */
export function HeaderSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlTerm = location.pathname === '/auctions' ? (new URLSearchParams(location.search).get('search') ?? '') : '';
  const [open, setOpen] = useState(urlTerm !== '');
  const [text, setText] = useState(urlTerm);
  const applied = useRef(urlTerm);
  const input = useRef<HTMLInputElement>(null);

  // The URL changed without the box (back button, "clear filters"): show what the grid is filtered by.
  useEffect(() => {
    if (urlTerm === applied.current) return;
    applied.current = urlTerm;
    setText(urlTerm);
    if (urlTerm) setOpen(true);
  }, [urlTerm]);

  function apply(term: string) {
    if (term === applied.current) return;
    const onGrid = location.pathname === '/auctions';
    if (!onGrid && !term) return;
    applied.current = term;
    // Replace while refining on the grid so Back leaves the grid instead of replaying every keystroke.
    navigate(searchUrl(term, location.pathname, location.search), { replace: onGrid });
  }

  // Only typing restarts the debounce; `apply` reads the location current at the time it fires.
  const applyLatest = useRef(apply);
  applyLatest.current = apply;
  useEffect(() => {
    const timer = setTimeout(() => applyLatest.current(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function toggle() {
    if (open) {
      setText('');
      apply('');
      setOpen(false);
    } else {
      setOpen(true);
      requestAnimationFrame(() => input.current?.focus());
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(text.trim());
  }

  return (
    <>
      <button
        type="button"
        className="header__icon-button"
        aria-expanded={open}
        aria-controls="header-search"
        aria-label={open ? 'Close search' : 'Search lots'}
        data-testid="search-toggle"
        onClick={toggle}
      >
        {open ? <CloseIcon /> : <SearchIcon />}
      </button>
      {/* biome-ignore lint/a11y/useSemanticElements: a form with role search reaches browsers the search element does not */}
      <form id="header-search" role="search" className="header-search" hidden={!open} onSubmit={submit}>
        <SearchIcon className="header-search__icon" width={18} height={18} />
        <label htmlFor="header-search-input" className="visually-hidden">
          Search lots
        </label>
        <input
          ref={input}
          id="header-search-input"
          className="header-search__input"
          type="search"
          placeholder="Search lots, artists, collections"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          data-testid="search-input"
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') toggle();
          }}
        />
      </form>
    </>
  );
}
