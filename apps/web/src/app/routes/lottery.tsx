import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import {
  LotterySelectionDetails,
  readLotterySelection,
} from '../../features/lottery/components/lottery-selection.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** /lottery?gameCode&vendor&playType: the lottery game page, header only. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selection = readLotterySelection(params);
  const chosen = Boolean(selection.gameCode || selection.vendor || selection.playType);
  useDocumentTitle(t('pages.lottery.title'));
  return (
    <div className="page page--standalone">
      <EmptyState
        icon="lottery"
        title={chosen ? t('pages.lottery.selectedTitle') : t('pages.lottery.emptyTitle')}
        line={chosen ? t('pages.lottery.selectedLine') : t('pages.lottery.emptyLine')}
        action={
          <>
            <Link className="btn btn-primary" to={paths.lobby('LOTT')}>
              {t('nav.lottery')}
            </Link>
            <Link className="btn btn-secondary" to={paths.home}>
              {t('common.backHome')}
            </Link>
          </>
        }
      >
        <LotterySelectionDetails selection={selection} />
      </EmptyState>
    </div>
  );
}
