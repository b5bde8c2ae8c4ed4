import { type ReactNode, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';
import { useModalLayer } from './use-modal-layer.ts';

type ModalWrapperProps = {
  open: boolean;
  /** Called by the close control (and Escape). A click on the backdrop never closes the wrapper (§2). */
  onClose: () => void;
  title: string;
  size?: 'small' | 'medium' | 'large';
  children: ReactNode;
};

/** The frame of the site's content modals (login, register, notice, ...): closes only through its close control. */
export function ModalWrapper({ open, onClose, title, size = 'medium', children }: ModalWrapperProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [nudged, setNudged] = useState(0);
  useModalLayer(open, panel, onClose);
  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; keyboards use Escape and the close control
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // A click outside does not close: the panel nods so the visitor sees where the close control is.
        if (event.target === event.currentTarget) setNudged((n) => n + 1);
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`modal modal--${size}${nudged % 2 ? ' modal--nudge-a' : nudged ? ' modal--nudge-b' : ''}`}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button modal__close"
            aria-label={t('common.close')}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
