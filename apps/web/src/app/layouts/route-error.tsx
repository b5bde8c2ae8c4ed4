import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state.tsx';

/** A page whose code failed to load (say, after a new release replaced it) gets a reload, not a blank screen. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <EmptyState
        icon="tools"
        title={t('errors.pageTitle')}
        line={t('errors.pageLine')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </button>
        }
      />
    </div>
  );
}
