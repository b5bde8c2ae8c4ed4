import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths.ts';
import { ResultsHistory } from '../../features/lottery/components/results-history.tsx';
import { readLaunchParams } from '../../features/lottery/lib/launch-params.ts';
import { useDocumentTitle } from '../use-document-title.ts';

/** /lottery/history?gameCode: a game's last 100 results with the trend chart (header only, like /lottery). */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const launch = readLaunchParams(params);
  useDocumentTitle(t('lottery.history.pageTitle'));
  if (!launch.gameCode) return <Navigate to={paths.lottery} replace />;
  return (
    <div className="page">
      <ResultsHistory gameCode={launch.gameCode} prizeMode={launch.prizeMode} />
    </div>
  );
}
