import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { CloseIcon } from '../icons/icons.tsx';
import { focusableIn } from './focusable.ts';
import './modal.css';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert and Escape a close request. On top of
 * that, Tab and Shift+Tab cycle within the dialog (the native one lets focus leave for the browser's own controls),
 * Escape closes it even where the browser sends no close request, and focus goes back to the control that opened it.
 */
export function Modal({ open, title, onClose, children, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      if (!dialog.contains(document.activeElement)) focusableIn(dialog)[0]?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      returnFocus(opener);
    }
  }, [open]);

  // Unmounted while open (its page went away): the opener, if still there, gets the focus back.
  useEffect(() => () => returnFocus(opener), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here, so the browser's own close request (the cancel event) does not follow.
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(event.currentTarget);
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === event.currentTarget)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className="modal"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid={testId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={onKeyDown}
      // A click on the backdrop (the dialog itself, outside its panel) is the mouse's Escape.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          {children}
        </div>
      )}
    </dialog>
  );
}

function returnFocus(opener: { current: HTMLElement | null }): void {
  const target = opener.current;
  opener.current = null;
  if (target?.isConnected) target.focus();
}
