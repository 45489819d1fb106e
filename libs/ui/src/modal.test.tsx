import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal, Modal } from './modal';

/** A page with controls before and after the opener, so focus that leaves the dialog has somewhere to go. */
function Page({ onConfirm = () => undefined }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete product
      </button>
      <button type="button">After</button>
      {open ? (
        <ConfirmModal
          title="Delete Pils"
          confirmLabel="Delete"
          variant="danger"
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        >
          <label>
            Reason <input />
          </label>
        </ConfirmModal>
      ) : null}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Delete product' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Delete Pils' });
  return { user, opener, dialog };
}

describe('Modal and ConfirmModal focus', () => {
  it('takes focus when it opens, and Tab cycles through its own controls only, wrapping from the last to the first', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveFocus();
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    const seen: (Element | null)[] = [];
    for (let i = 0; i < 4; i++) {
      await user.tab();
      seen.push(document.activeElement);
    }
    expect(seen).toEqual([reason, cancel, confirm, reason]);
  });

  it('Shift+Tab wraps from the first control to the last, and from the dialog itself to its last control', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'Reason' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('Escape cancels it and focus goes back to the button that opened it', async () => {
    const { user, opener } = await openDialog();
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('gives focus back to the opener after its own buttons close it, too', async () => {
    const confirmed = vi.fn();
    const user = userEvent.setup();
    render(<Page onConfirm={confirmed} />);
    const opener = screen.getByRole('button', { name: 'Delete product' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirmed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('stays open on Escape when it has no cancel (SPEC: left only through its own buttons), and still keeps focus inside', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    render(
      <>
        <button type="button">Behind</button>
        <Modal title="Card payment" actions={<button onClick={done}>Gereed</button>} />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Card payment' });
    expect(dialog).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Gereed' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Gereed' })).toHaveFocus();
    expect(done).not.toHaveBeenCalled();
  });

  it('in a stack, Escape closes only the top dialog, whose Tab stays in it', async () => {
    const user = userEvent.setup();
    function Stack() {
      const [top, setTop] = useState(true);
      const [bottom, setBottom] = useState(true);
      return (
        <>
          {bottom ? <Modal title="Select account" onCancel={() => setBottom(false)} actions={<button>Show more</button>} /> : null}
          {top ? <Modal title="Enter PIN-code" stackIndex={1} onCancel={() => setTop(false)} actions={<button>Gereed</button>} /> : null}
        </>
      );
    }
    render(<Stack />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Gereed' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Gereed' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Enter PIN-code' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Select account' })).toBeInTheDocument();
  });
});
