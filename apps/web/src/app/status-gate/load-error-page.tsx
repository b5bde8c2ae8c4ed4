import { useTranslation } from 'react-i18next';
import { Illustration } from '../../components/illustration.tsx';
import { ApiError } from '../../lib/api-client.ts';

/** When the first status call fails there is no brand to show: a plain page that says why and offers a retry. */
export function LoadErrorPage({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  // A server answer (e.g. this host is not configured) says more than the generic network line.
  const detail = error instanceof ApiError && error.status > 0 ? error.message : t('system.loadFailedLine');
  return (
    <main className="load-error">
      <Illustration icon="compass" />
      <h1 className="load-error__title">{t('system.loadFailedTitle')}</h1>
      <p className="load-error__line">{detail}</p>
      <button type="button" className="btn btn-primary btn-large" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </main>
  );
}
