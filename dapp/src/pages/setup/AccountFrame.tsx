import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeftIcon } from '../../components/icons/icons.tsx';
import { useDocumentTitle } from '../use-document-title.ts';
import './account.css';

interface AccountFrameProps {
  title: string;
  lead?: ReactNode;
  /** "Step 2 of 4" for the setup steps. */
  step?: number;
  testId: string;
  children: ReactNode;
}

/** The frame of each account page: a way back to the setup hub, the step, the title, and a narrow column. */
export function AccountFrame({ title, lead, step, testId, children }: AccountFrameProps) {
  useDocumentTitle(title);
  return (
    <div className="page account-page" data-testid={testId}>
      <Link to="/complete-setup" className="account-page__back">
        <ArrowLeftIcon width={16} height={16} /> Complete setup
      </Link>
      <header className="account-page__head">
        {step !== undefined && <p className="account-page__step">Step {step} of 4</p>}
        <h1 className="page-title">{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
