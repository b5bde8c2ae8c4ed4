import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useModalLayer } from './use-modal-layer.ts';

export type DialogButton = {
  label: string;
  onClick?: () => void;
  variant?: 'primary' | 'secondary';
};

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
  /** One OK button when none are given; every button closes the dialog after its own action. */
  buttons?: DialogButton[];
  /** Whether a click on the cover (backdrop) closes the dialog; true by default (§2). */
  cover?: boolean;
  /** Closes the dialog by itself after this many milliseconds. */
  timeout?: number;
};

/** The generic message dialog: closes on a button, on a cover click unless `cover` is false, or after `timeout`. */
export function Dialog({ open, onClose, title, children, buttons, cover = true, timeout }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  useModalLayer(open, panel, onClose);

  useEffect(() => {
    if (!open || timeout === undefined) return;
    const timer = window.setTimeout(() => close.current(), timeout);
    return () => window.clearTimeout(timer);
  }, [open, timeout]);

  if (!open) return null;
  const actions = buttons?.length ? buttons : [{ label: t('common.ok'), variant: 'primary' as const }];

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; keyboards use Escape and the close control
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className="modal-backdrop"
      data-testid="dialog-cover"
      onClick={(event) => {
        if (cover && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className="modal modal--small dialog"
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children ? (
          <div id={bodyId} className="dialog__body">
            {children}
          </div>
        ) : null}
        <div className="dialog__actions">
          {actions.map((button, index) => (
            <button
              key={button.label}
              type="button"
              className={`btn ${button.variant === 'secondary' ? 'btn-secondary' : 'btn-primary'}`}
              data-autofocus={index === actions.length - 1 ? true : undefined}
              onClick={() => {
                button.onClick?.();
                onClose();
              }}
            >
              {button.label}
            </button>
          ))}
        </div>
      </div>
    </div>,
    document.body,
  );
}
