import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Modal } from './Modal.tsx';

/** A page with a button that opens a modal holding a field and two buttons. */
function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Place bid
      </button>
      <Modal open={open} title="Confirm your bid" onClose={() => setOpen(false)}>
        <label>
          Amount
          <input name="amount" />
        </label>
        <button type="button" disabled>
          Not yet
        </button>
        <button type="button">Confirm</button>
      </Modal>
    </>
  );
}

function openModal() {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Place bid' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Confirm your bid' }) };
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('Modal', () => {
  beforeAll(() => {
    // jsdom has <dialog> without its modal methods.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.open = true;
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.open = false;
    };
  });
  afterEach(cleanup);

  it('is a modal dialog named by its title, with the focus inside it', () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps Tab and Shift+Tab cycling within the dialog, skipping disabled controls', () => {
    openModal();
    const close = screen.getByRole('button', { name: 'Close' });
    const confirm = screen.getByRole('button', { name: 'Confirm' });
    confirm.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(confirm);
  });

  it('closes on Escape and gives the focus back to the control that opened it', () => {
    const { opener, dialog } = openModal();
    screen.getByRole('textbox', { name: 'Amount' }).focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect((dialog as HTMLDialogElement).open).toBe(false);
    expect(screen.queryByRole('textbox', { name: 'Amount' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its Close button, focus back on the opener', () => {
    const { opener } = openModal();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
