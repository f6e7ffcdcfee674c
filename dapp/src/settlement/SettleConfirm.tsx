import type { FormEvent, ReactNode } from 'react';
import { Modal } from '../components/modal/Modal.tsx';

/**
 * The confirmation of an irreversible settlement step: it names the lot and the amount, shows or asks for the step's
 * reference (`children`), and says what cannot be undone. Nothing is sent before the confirm button.
 */
export function SettleConfirm({
  open,
  title,
  lotName,
  amount,
  warning,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  lotName: string;
  amount: string | null;
  warning: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
  children?: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <Modal open={open} title={title} onClose={onClose} testId={testId}>
      <form className="settlement__form" onSubmit={submit} noValidate>
        <dl className="settlement__facts">
          <div>
            <dt>Lot</dt>
            <dd data-testid={`${testId}-lot`}>{lotName}</dd>
          </div>
          <div>
            <dt>Amount owed</dt>
            <dd data-testid={`${testId}-amount`}>{amount ?? 'Not recorded'}</dd>
          </div>
        </dl>
        {children}
        <p className="settlement__warning">{warning}</p>
        <div className="settlement__actions">
          <button type="submit" className="btn btn--primary" disabled={busy} data-testid={`${testId}-submit`}>
            {busy ? 'Saving...' : confirmLabel}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose} data-testid={`${testId}-cancel`}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
