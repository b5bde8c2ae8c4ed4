import { useTranslation } from 'react-i18next';

/** Previous and next buttons with "page X of Y" under a report; nothing when everything fits on one page. */
export function ReportPager({
  pageNo,
  totalPages,
  onPage,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="pager report__pager" aria-label={t('records.pages')}>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {t('records.previous')}
      </button>
      <span>{t('records.pageOf', { page: pageNo, total: totalPages })}</span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('records.next')}
      </button>
    </nav>
  );
}
