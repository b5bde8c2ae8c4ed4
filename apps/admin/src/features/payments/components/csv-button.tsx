import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice.tsx';
import { downloadCsv } from '../api/payments.ts';

/** Exports what the list shows (same filters, every page) as CSV. */
export function CsvButton({ path, query }: { path: string; query: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadCsv(path, query)
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? t('payments.exporting') : t('payments.exportCsv')}
      </button>
      {failed ? <Notice tone="error">{t('errors.badResponse')}</Notice> : null}
    </>
  );
}
