import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import {
  LotteryBetting,
  LotteryLobby,
  readPrizeMode,
} from '../../features/lottery/components/lottery-page.tsx';
import {
  LotterySelectionDetails,
  readLotterySelection,
} from '../../features/lottery/components/lottery-selection.tsx';
import { useDocumentTitle } from '../use-document-title.ts';

/** The in-house lottery vendor (spec §9: LOTT); other vendors' lottery games open through their own launch. */
const inHouseVendors = new Set(['LOTT']);

/**
 * /lottery?gameCode&vendor&playType (and the launch parameters lottoGameCode, lottoPrizeMode): the in-house
 * lottery, header only: its lobby, or a game's betting page. Another vendor's selection is shown as chosen.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const selection = readLotterySelection(params);
  const prizeMode = readPrizeMode(params);
  const gameCode = selection.gameCode ?? params.get('lottoGameCode');
  useDocumentTitle(t('pages.lottery.title'));
  if (!selection.vendor || inHouseVendors.has(selection.vendor)) {
    return (
      <div className="page">
        {gameCode ? (
          <LotteryBetting gameCode={gameCode} prizeMode={prizeMode} />
        ) : (
          <LotteryLobby prizeMode={prizeMode} />
        )}
      </div>
    );
  }
  return (
    <div className="page page--standalone">
      <EmptyState
        icon="lottery"
        title={t('pages.lottery.selectedTitle')}
        line={t('pages.lottery.selectedLine')}
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
