import './notices.css';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons.tsx';
import { useNotices } from '../api/get-notices.ts';

const NoticeModal = lazy(() => import('./notice-modal.tsx').then((m) => ({ default: m.NoticeModal })));

/**
 * The scrolling strip under the header (§2): the notice titles, paused while hovered or focused; a click on a title
 * opens the notice modal at that notice. Without notices it carries the merchant's welcome line.
 */
export function NoticeBar({ brandName }: { brandName: string }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const list = notices.data?.list ?? [];
  const [open, setOpen] = useState<number | null>(null);

  const items = (copy: boolean) =>
    list.length > 0 ? (
      list.map((notice, index) => (
        <button
          key={`${copy ? 'b' : 'a'}-${notice.id}`}
          type="button"
          className="notice-bar__item notice-bar__title"
          tabIndex={copy ? -1 : undefined}
          onClick={() => setOpen(index)}
        >
          {notice.title}
        </button>
      ))
    ) : (
      <span className="notice-bar__item">{t('notice.welcome', { brand: brandName })}</span>
    );

  return (
    <section className="notice-bar" aria-label={t('notice.label')}>
      <div className="container notice-bar__inner">
        <span className="notice-bar__icon">
          <Icon name="megaphone" size={18} />
        </span>
        <div className="notice-bar__viewport">
          <div className={`notice-bar__track${list.length > 3 ? ' notice-bar__track--long' : ''}`}>
            <span className="notice-bar__group">{items(false)}</span>
            <span className="notice-bar__group" aria-hidden="true">
              {items(true)}
            </span>
          </div>
        </div>
      </div>
      {open !== null && list.length > 0 ? (
        <Suspense fallback={null}>
          <NoticeModal notices={list} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
