import '@testing-library/jest-dom/vitest';
import '../lib/i18n.ts';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalWrapper } from './modal-wrapper.tsx';
import { scrollLockHolders } from './scroll-lock.ts';

afterEach(cleanup);

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <ModalWrapper
        open={open}
        title="Register"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
      >
        <p>Body text</p>
        <button type="button">Inside</button>
      </ModalWrapper>
    </>
  );
}

describe('ModalWrapper', () => {
  it('is a labelled modal dialog', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Register' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Body text');
  });

  it('does not close when the backdrop is clicked', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const backdrop = screen.getByTestId('modal-backdrop');
    fireEvent.mouseDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });

  it('closes through its close control', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', () => {
    render(<Harness />);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('locks page scroll while open and releases it on close', () => {
    render(<Harness />);
    expect(document.body.style.overflow).toBe('hidden');
    expect(scrollLockHolders()).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('');
    expect(scrollLockHolders()).toBe(0);
  });

  it('moves focus into the dialog and keeps Tab inside it', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Register' });
    expect(dialog).toHaveFocus();
    const inside = screen.getByRole('button', { name: 'Inside' });
    act(() => inside.focus());
    fireEvent.keyDown(document, { key: 'Tab' });
    // Tab from the last control wraps to the first (the close control), never to the page behind.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('keeps the page locked until the last of two stacked modals closes', () => {
    function Stacked() {
      const [first, setFirst] = useState(true);
      const [second, setSecond] = useState(true);
      return (
        <>
          <ModalWrapper open={first} title="First" onClose={() => setFirst(false)}>
            <p>One</p>
          </ModalWrapper>
          <ModalWrapper open={second} title="Second" onClose={() => setSecond(false)}>
            <p>Two</p>
          </ModalWrapper>
        </>
      );
    }
    render(<Stacked />);
    expect(scrollLockHolders()).toBe(2);
    // Escape closes only the topmost one.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'First' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });
});
