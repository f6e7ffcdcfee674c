import type { ReactNode } from 'react';
import './empty-state.css';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A button or link that gets the visitor moving again. */
  action?: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'error';
  testId?: string;
}

/** The spec's empty-state block: a title, a description and an action. */
export function EmptyState({ title, description, action, icon, tone = 'neutral', testId = 'empty-state' }: EmptyStateProps) {
  return (
    <section className={`empty-state empty-state--${tone}`} data-testid={testId} role={tone === 'error' ? 'alert' : undefined}>
      {icon && <div className="empty-state__icon">{icon}</div>}
      <h2 className="empty-state__title" data-testid={`${testId}-title`}>
        {title}
      </h2>
      {description && (
        <p className="empty-state__description" data-testid={`${testId}-description`}>
          {description}
        </p>
      )}
      {action && <div className="empty-state__action">{action}</div>}
    </section>
  );
}
