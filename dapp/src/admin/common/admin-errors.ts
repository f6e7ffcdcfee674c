import { adminMessages } from '@gavel/domain';
import { ApiRequestError, serverMessage } from '../../api/http.ts';

/**
 * The spec's error mapping for admin calls: the server's own message when it sent one, else by status (401 log
 * in again, 403 no permission, 404 the lot is gone, 5xx server error), else the screen's default.
 */
export function adminErrorMessage(error: unknown, fallback: string): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return adminMessages.notAuthorized;
    if (error.status === 403) return adminMessages.noPermission;
    if (error.status === 404) return adminMessages.auctionNotFound;
    if (error.status >= 500) return adminMessages.serverError;
  }
  return fallback;
}

/** The field errors a 400 named, to show beside the fields (`{}` for any other failure). */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError && error.fields ? error.fields : {};
}
