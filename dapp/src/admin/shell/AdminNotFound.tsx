import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state/EmptyState.tsx';

export function AdminNotFound() {
  return (
    <EmptyState
      testId="admin-not-found"
      title="Page not found"
      description="This admin page does not exist."
      action={
        <Link to="/s/admin" className="btn btn--primary">
          Back to Dashboard
        </Link>
      }
    />
  );
}
