import { Link } from 'react-router';
import { messages } from '@gavel/domain';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { GavelIcon } from '../../components/icons/icons.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** Any address the dapp does not know. */
export function NotFoundPage() {
  useDocumentTitle(messages.cms.pageNotFound);
  return (
    <div className="page">
      <EmptyState
        testId="not-found"
        icon={<GavelIcon width={26} height={26} />}
        title={messages.cms.pageNotFound}
        description="This page has gone under the hammer, or never existed. Check the address, or head back to the auctions."
        action={
          <div className="button-row">
            <Link to="/auctions" className="btn btn--primary">
              Browse auctions
            </Link>
            <Link to="/" className="btn btn--ghost">
              Home
            </Link>
          </div>
        }
      />
    </div>
  );
}
