import '@testing-library/jest-dom/vitest';
import '../lib/i18n.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentProps, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

type Props = Omit<ComponentProps<typeof Dialog>, 'open' | 'onClose' | 'title'> & { onClose?: () => void };

function Harness({ onClose, ...props }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      title="Session ended"
      onClose={() => {
        onClose?.();
        setOpen(false);
      }}
      {...props}
    >
      Please log in again.
    </Dialog>
  );
}

describe('Dialog', () => {
  it('is a labelled, described modal dialog with an OK button by default', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Session ended' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Please log in again.');
    expect(screen.getByRole('button', { name: 'OK' })).toBeInTheDocument();
  });

  it('runs a button action and closes', () => {
    const confirm = vi.fn();
    const onClose = vi.fn();
    render(
      <Harness
        onClose={onClose}
        buttons={[
          { label: 'Cancel', variant: 'secondary' },
          { label: 'Log out', onClick: confirm },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a button without an action of its own', () => {
    render(<Harness buttons={[{ label: 'Cancel' }, { label: 'Log out' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on a cover click by default', () => {
    render(<Harness />);
    fireEvent.click(screen.getByTestId('dialog-cover'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on a cover click when cover is false', () => {
    render(<Harness cover={false} />);
    fireEvent.click(screen.getByTestId('dialog-cover'));
    expect(screen.getByRole('dialog', { name: 'Session ended' })).toBeInTheDocument();
  });

  it('ignores clicks inside the panel', () => {
    render(<Harness />);
    fireEvent.click(screen.getByText('Please log in again.'));
    expect(screen.getByRole('dialog', { name: 'Session ended' })).toBeInTheDocument();
  });

  it('closes by itself after the timeout, not before', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<Harness timeout={3000} onClose={onClose} />);
    act(() => {
      vi.advanceTimersByTime(2999);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open without a timeout', () => {
    vi.useFakeTimers();
    render(<Harness />);
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('dialog', { name: 'Session ended' })).toBeInTheDocument();
  });

  it('locks page scroll while open', () => {
    render(<Harness />);
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(document.body.style.overflow).toBe('');
  });
});
