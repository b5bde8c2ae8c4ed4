import { useTranslation } from 'react-i18next';

export type LotterySelection = { gameCode: string | null; vendor: string | null; playType: string | null };

/** The lottery game the address asks for (?gameCode, ?vendor, ?playType), shown while the game cannot open yet. */
export function LotterySelectionDetails({ selection }: { selection: LotterySelection }) {
  const { t } = useTranslation();
  const rows = (['gameCode', 'vendor', 'playType'] as const).filter((key) => selection[key]);
  if (rows.length === 0) return null;
  return (
    <div className="selection-card">
      <p className="selection-card__label">{t('lottery.selected')}</p>
      <dl className="selection-card__list">
        {rows.map((key) => (
          <div key={key} className="selection-card__row">
            <dt>{t(`lottery.${key}`)}</dt>
            <dd>{selection[key]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function readLotterySelection(params: URLSearchParams): LotterySelection {
  const clean = (value: string | null) => (value?.trim() ? value.trim().slice(0, 64) : null);
  return {
    gameCode: clean(params.get('gameCode')),
    vendor: clean(params.get('vendor')),
    playType: clean(params.get('playType')),
  };
}
