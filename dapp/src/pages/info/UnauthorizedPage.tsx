import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { AlertIcon } from '../../components/icons/icons.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Where a visitor lands when their role does not allow the page they asked for. */
export function UnauthorizedPage() {
  useDocumentTitle('Unauthorized');
  return (
    <div className="page">
      <EmptyState
        testId="unauthorized"
        tone="error"
        icon={<AlertIcon width={26} height={26} />}
        title="You don't have access to this page"
        description="Your account's role does not allow this area. Sign in with an account that does, or return to the auctions."
        action={
          <div className="button-row">
            <Link to="/signin" className="btn btn--primary">
              Sign In
            </Link>
            <Link to="/auctions" className="btn btn--ghost">
              Browse auctions
            </Link>
          </div>
        }
      />
    </div>
  );
}
