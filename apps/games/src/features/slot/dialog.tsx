import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/** A modal panel on the native <dialog>: focus is kept inside, Esc and the close button close it. */
export function Dialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="panel" aria-label={title} onClose={onClose}>
      <header className="panel__header">
        <h2>{title}</h2>
        <button type="button" className="panel__close" onClick={onClose} aria-label={t('close')}>
          ×
        </button>
      </header>
      <div className="panel__body">{open ? children : null}</div>
    </dialog>
  );
}
