import { Link } from 'react-router';
import { ApiRequestError } from '../../api/http.ts';
import { AlertIcon, GavelIcon } from '../icons/icons.tsx';
import { EmptyState } from './EmptyState.tsx';

interface LoadFailureProps {
  error: unknown;
  /** `lot` gives the test ids `lot-not-found` and `lot-error`. */
  testId: string;
  /** What a 404 says; without it every failure is an error with a retry. */
  notFound?: { title: string; description: string };
  errorTitle: string;
  onRetry: () => void;
}

/**
 * A page whose one record did not load. A 404 is not something a retry fixes, so it says the thing is not there and
 * leads back to the auctions; any other failure may pass, so it offers a retry.
 */
export function LoadFailure({ error, testId, notFound, errorTitle, onRetry }: LoadFailureProps) {
  const missing = notFound && error instanceof ApiRequestError && error.status === 404;
  return (
    <div className="page">
      {missing ? (
        <EmptyState
          testId={`${testId}-not-found`}
          icon={<GavelIcon width={26} height={26} />}
          title={notFound.title}
          description={notFound.description}
          action={
            <Link to="/auctions" className="btn btn--primary">
              Browse auctions
            </Link>
          }
        />
      ) : (
        <EmptyState
          tone="error"
          testId={`${testId}-error`}
          icon={<AlertIcon width={26} height={26} />}
          title={errorTitle}
          action={
            <button type="button" className="btn btn--primary" onClick={onRetry}>
              Try again
            </button>
          }
        />
      )}
    </div>
  );
}
