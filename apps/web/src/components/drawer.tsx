import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';
import { useModalLayer } from './use-modal-layer.ts';

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
};

/** A panel sliding in from the left (the phone menu). Unlike the modal wrapper, a tap outside closes it. */
export function Drawer({ open, onClose, title, children }: DrawerProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModalLayer(open, panel, onClose);
  if (!open) return null;

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop is a pointer convenience; keyboards use Escape and the close control
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className="drawer-backdrop"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="drawer"
      >
        <header className="drawer__header">
          <h2 id={titleId} className="drawer__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('common.closeMenu')} onClick={onClose}>
            <Icon name="close" />
          </button>
        </header>
        <div className="drawer__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
