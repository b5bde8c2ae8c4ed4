import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { type OfficeGame, useExposure } from '../api/lottery-office.ts';
import { GamePicker } from './lottery-shared.tsx';

/** What the house would pay per number of a game's open draw, the largest first, refreshed every five seconds. */
export function ExposureView({
  merchant,
  games,
  money,
}: {
  merchant: string;
  games: readonly OfficeGame[];
  money: MoneyFormat;
}) {
  const { t, i18n } = useTranslation();
  const enabled = games.filter((g) => g.enabled);
  const [gameCode, setGameCode] = useState(enabled[0]?.gameCode ?? '');
  const exposure = useExposure(merchant, gameCode);
  const value = exposure.data;
  return (
    <section className="stack" aria-labelledby="lottery-exposure">
      <h2 id="lottery-exposure">{t('lotteryAdmin.exposure.title')}</h2>
      <p className="muted">{t('lotteryAdmin.exposure.intro')}</p>
      <div className="filters">
        <GamePicker games={enabled} value={gameCode} onChange={setGameCode} />
      </div>
      {exposure.isError ? <Notice tone="error">{exposure.error.message}</Notice> : null}
      {value?.draw ? (
        <p data-testid="exposure-draw">
          {t('lotteryAdmin.exposure.draw', {
            issue: value.draw.issueNo,
            closes: formatDateTime(value.draw.saleClosesAt, i18n.language),
          })}
        </p>
      ) : value ? (
        <p className="muted">{t('lotteryAdmin.exposure.noDraw')}</p>
      ) : null}
      <DataTable
        caption={t('lotteryAdmin.exposure.title')}
        busy={exposure.isFetching}
        empty={exposure.isPending ? t('lotteryAdmin.loading') : t('lotteryAdmin.exposure.empty')}
        columns={[
          t('lotteryAdmin.betTypes.code'),
          t('lotteryAdmin.exposure.number'),
          t('lotteryAdmin.draws.bets'),
          t('lotteryAdmin.report.stake'),
          t('lotteryAdmin.exposure.liability'),
          t('lotteryAdmin.betTypes.cap'),
        ]}
        rows={value?.rows ?? []}
        row={(r) => {
          const share = r.cap ? r.liability / r.cap : null;
          return (
            <tr key={`${r.betType}-${r.number}`}>
              <td data-label={t('lotteryAdmin.betTypes.code')}>
                {t(`lotteryAdmin.betTypeNames.${r.betType}`, { defaultValue: r.betType })}
              </td>
              <td data-label={t('lotteryAdmin.exposure.number')}>
                <strong>{r.number}</strong>
              </td>
              <td data-label={t('lotteryAdmin.draws.bets')}>{r.bets}</td>
              <td data-label={t('lotteryAdmin.report.stake')}>{money.amount(r.stake)}</td>
              <td data-label={t('lotteryAdmin.exposure.liability')}>{money.amount(r.liability)}</td>
              <td data-label={t('lotteryAdmin.betTypes.cap')}>
                {r.cap === null ? (
                  t('lotteryAdmin.betTypes.noCap')
                ) : (
                  <>
                    {money.amount(r.cap)}{' '}
                    <span className={share !== null && share >= 0.9 ? 'badge badge-off' : 'muted'}>
                      {`${Math.round((share ?? 0) * 100)}%`}
                    </span>
                  </>
                )}
              </td>
            </tr>
          );
        }}
      />
    </section>
  );
}
