import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { dismissToast, TOAST_DURATION_MS, useCurrentToast } from '../../state/toasts.ts';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from '../icons/icons.tsx';
import './toast.css';

/** Shows the one current toast (the spec allows one at a time) and dismisses it after 8 s. */
export function ToastHost() {
  const toast = useCurrentToast();
  const dispatch = useDispatch();
  const region = useRef<HTMLDivElement>(null);

  useEffect(() => {
    raiseAboveDialogs(region.current, Boolean(toast));
  }, [toast]);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dispatch(dismissToast(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);

  return (
    <div ref={region} className="popover-frame toast-region" popover="manual" aria-live="polite" aria-atomic="true">
      {toast && (
        <div key={toast.id} className={`toast toast--${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'} data-testid="toast" data-tone={toast.tone}>
          <span className="toast__icon">{toast.tone === 'success' ? <CheckIcon /> : toast.tone === 'error' ? <AlertIcon /> : <InfoIcon />}</span>
          <div className="toast__body">
            <p className="toast__title" data-testid="toast-title">
              {toast.title}
            </p>
            {toast.description && <p className="toast__description">{toast.description}</p>}
          </div>
          <button type="button" className="toast__close" aria-label="Dismiss notification" onClick={() => dispatch(dismissToast(toast.id))}>
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * A modal <dialog> sits in the browser's top layer, above any z-index, so a toast raised from inside it (the
 * newsletter's "Invalid email") would be hidden under its backdrop. Showing the region as a popover puts it in
 * the top layer too, and re-showing it moves it above whatever dialog opened since.
 */
function raiseAboveDialogs(region: HTMLDivElement | null, visible: boolean): void {
  if (!region || typeof region.showPopover !== 'function') return;
  if (region.matches(':popover-open')) region.hidePopover();
  if (visible) region.showPopover();
}
