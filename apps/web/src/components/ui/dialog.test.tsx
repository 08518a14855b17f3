import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog.tsx';

function Harness({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog title="Add thing" busy={busy} onClose={() => setOpen(false)}>
          <input aria-label="Name" />
        </Dialog>
      ) : null}
    </>
  );
}

function cancel(dialog: HTMLElement) {
  const event = new Event('cancel', { cancelable: true });
  fireEvent(dialog, event);
  return event;
}

describe('Dialog', () => {
  it('is a modal labelled by its title that closes on Escape and gives focus back to its opener', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Add thing' });
    expect(dialog).toHaveAttribute('open');
    const event = cancel(dialog);
    expect(event.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('closes on its close button and on a click on the backdrop, not on a click inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByLabelText('Name'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open while busy', async () => {
    const user = userEvent.setup();
    render(<Harness busy />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Add thing' });
    expect(cancel(dialog).defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
