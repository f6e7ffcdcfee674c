import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { serverMessage } from '../../api/http.ts';
import { showToast } from '../../state/toasts.ts';

/**
 * The spec's toast rule in one place: a success shows the api's message, else the spec's wording;
 * a failure shows the api's `message` field, else the screen's default ("Failed to sign in", ...).
 */
export function useNotify() {
  const dispatch = useDispatch();
  return useMemo(
    () => ({
      success(serverText: string | undefined, fallback: string) {
        dispatch(showToast({ tone: 'success', title: serverText || fallback }));
      },
      failure(error: unknown, fallback: string) {
        dispatch(showToast({ tone: 'error', title: serverMessage(error) ?? fallback }));
      },
      info(title: string, description?: string) {
        dispatch(showToast({ tone: 'info', title, description }));
      },
    }),
    [dispatch],
  );
}
