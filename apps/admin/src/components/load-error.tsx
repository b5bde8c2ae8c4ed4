import { useTranslation } from 'react-i18next';
import { Notice } from './notice.tsx';

/** A failed load with the server's message and a retry button. */
export function LoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice
      tone="error"
      action={
        onRetry ? (
          <button type="button" className="button" onClick={onRetry}>
            {t('app.retry')}
          </button>
        ) : null
      }
    >
      {error.message}
    </Notice>
  );
}
