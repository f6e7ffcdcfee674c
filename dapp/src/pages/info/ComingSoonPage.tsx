import { Link } from 'react-router';
import { AuthLayout } from '../../components/auth-layout/AuthLayout.tsx';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';
import { ClockIcon } from '../../components/icons/icons.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import './coming-soon.css';

interface ComingSoonPageProps {
  title: string;
  /** What the page will let the visitor do, in one sentence. */
  purpose: string;
  /** Account pages sit in the split-screen auth layout, like the real ones will. */
  layout?: 'auth' | 'page';
}

/**
 * An honest stand-in for a route whose screen arrives in a later issue (sign-in, profile, wallet): its title,
 * what it will do, and a way back. No form is drawn that would not work.
 */
export function ComingSoonPage({ title, purpose, layout = 'page' }: ComingSoonPageProps) {
  useDocumentTitle(title);
  const block = (
    <div className="coming-soon" data-testid="coming-soon">
      <h1 className="page-title" data-testid="coming-soon-title">
        {title}
      </h1>
      <EmptyState
        icon={<ClockIcon width={26} height={26} />}
        title={`${title} is coming soon`}
        description={purpose}
        action={
          <Link to="/auctions" className="btn btn--primary">
            Browse auctions
          </Link>
        }
      />
    </div>
  );
  return layout === 'auth' ? <AuthLayout>{block}</AuthLayout> : <div className="page">{block}</div>;
}
