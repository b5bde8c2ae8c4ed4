import { useTranslation } from 'react-i18next';

/** Previous/next paging with the position and total, for list pages (GUIDE §3 lists). */
export function Pager({
  pageNo,
  totalPages,
  total,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(totalPages, 1);
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        ‹ {t('pager.previous')}
      </button>
      <span className="pager-position">
        {t('pager.position', { page: Math.min(pageNo, pages), pages })} · {t('pager.total', { count: total })}
      </span>
      <button type="button" className="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('pager.next')} ›
      </button>
    </nav>
  );
}
