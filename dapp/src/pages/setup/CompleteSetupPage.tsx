import { Link } from 'react-router';
import { CheckIcon } from '../../components/icons/icons.tsx';
import { useSignedInUser } from '../../session/use-current-user.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { nextStep, setupSteps, stepLabels, type SetupStep } from './setup-steps.ts';
import './account.css';
import './complete-setup.css';

/** /complete-setup: the hub listing the four steps to becoming a bidder, each with its state and a link. */
export function CompleteSetupPage() {
  useDocumentTitle('Complete Setup');
  const user = useSignedInUser();
  const steps = setupSteps(user);
  const done = steps.filter((step) => step.state === 'done').length;
  const next = nextStep(user);

  return (
    <div className="page account-page" data-testid="complete-setup">
      <header className="account-page__head">
        <h1 className="page-title">{done === steps.length ? 'You are ready to bid' : 'Complete your setup'}</h1>
        <p className="page-lead">
          {done === steps.length ? 'Every check is complete. Find a lot and place your first bid.' : 'Four steps stand between you and your first bid. Each takes a minute or two.'}
        </p>
      </header>
      <div className="setup-progress" data-testid="setup-progress">
        <div className="setup-progress__bar">
          <span style={{ width: `${(done / steps.length) * 100}%` }} />
        </div>
        <span>
          {done} of {steps.length} complete
        </span>
      </div>
      <ol className="setup-steps">
        {steps.map((step, index) => (
          <StepCard key={step.key} step={step} number={index + 1} isNext={step.key === next?.key} />
        ))}
      </ol>
      {done === steps.length && (
        <Link to="/auctions" className="btn btn--accent" data-testid="setup-browse">
          Browse auctions
        </Link>
      )}
    </div>
  );
}

const actionLabel = { done: 'Review', pending: 'View status', rejected: 'Try again', todo: 'Start' } as const;

function StepCard({ step, number, isNext }: { step: SetupStep; number: number; isNext: boolean }) {
  return (
    <li className="setup-step" data-testid={`setup-step-${step.key}`} data-state={step.state} data-next={isNext || undefined}>
      <span className={`setup-step__marker setup-step__marker--${step.state}`} aria-hidden="true">
        {step.state === 'done' ? <CheckIcon width={18} height={18} /> : number}
      </span>
      <div className="setup-step__body">
        <h2 className="setup-step__title">{step.title}</h2>
        <p className="setup-step__text">{step.description}</p>
        <span className={`status-chip status-chip--${step.state}`} data-testid={`setup-step-${step.key}-state`}>
          {stepLabels[step.state]}
        </span>
      </div>
      <Link to={step.route} className={`btn ${isNext ? 'btn--primary' : 'btn--ghost'} setup-step__action`} data-testid={`setup-step-${step.key}-link`}>
        {actionLabel[step.state]}
        <span className="visually-hidden">: {step.title}</span>
      </Link>
    </li>
  );
}
