import type { PvpTable } from '@tala/contracts/pvp';
import { useState } from 'react';
import { money, unitScale } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { buyInRange, clamp, percentOf } from './logic.ts';

/**
 * Sitting down: the buy-in (between the table's least and most, never above the balance) with quick amounts, and
 * the house's rake stated before the member commits any money.
 */
export function SitPanel({
  table,
  seat,
  balance,
  symbol,
  busy,
  error,
  onSit,
  onCancel,
}: {
  table: PvpTable;
  seat: number;
  balance: number | undefined;
  symbol: string;
  busy: boolean;
  error: string | null;
  onSit: (buyIn: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const range = buyInRange(table, balance);
  const [buyIn, setBuyIn] = useState(() =>
    range ? clamp(Math.max(range.min, Math.min(range.max, table.minBuyIn * 2)), range.min, range.max) : 0,
  );
  const rake = t('pvpRakeLine', { percent: percentOf(table.rakeBps), cap: money(table.rakeCap, symbol) });
  return (
    <form
      className="pvp-sit"
      onSubmit={(e) => {
        e.preventDefault();
        if (range && !busy) onSit(clamp(buyIn, range.min, range.max));
      }}
    >
      <p>{t('pvpSitAt', { n: seat + 1 })}</p>
      <p className="pvp-sit__rake" data-testid="rake-line">
        {rake}
      </p>
      <p className="pvp-sit__range">
        {t('pvpBuyInRange', { min: money(table.minBuyIn, symbol), max: money(table.maxBuyIn, symbol) })}
        {balance !== undefined ? ` · ${t('balance')}: ${money(balance, symbol)}` : ''}
      </p>
      {range ? (
        <>
          <label className="pvp-sit__field">
            <span>{t('pvpBuyIn')}</span>
            <input
              type="range"
              min={range.min}
              max={range.max}
              step={Math.max(1, Math.round(table.stake / 2))}
              value={buyIn}
              aria-valuetext={money(buyIn, symbol)}
              onChange={(e) => setBuyIn(Number(e.target.value))}
            />
          </label>
          <label className="pvp-sit__field">
            <span>{t('pvpBuyInAmount')}</span>
            <input
              type="number"
              inputMode="decimal"
              min={range.min / unitScale()}
              max={range.max / unitScale()}
              step="0.01"
              value={buyIn / unitScale()}
              onChange={(e) => setBuyIn(Math.round(Number(e.target.value) * unitScale()))}
              onBlur={() => setBuyIn((v) => clamp(v, range.min, range.max))}
            />
          </label>
          <fieldset className="pvp-quick" aria-label={t('pvpQuickAmounts')}>
            <button type="button" onClick={() => setBuyIn(range.min)}>
              {t('pvpMin')}
            </button>
            <button
              type="button"
              onClick={() => setBuyIn(clamp((range.min + range.max) / 2, range.min, range.max))}
            >
              {t('pvpHalf')}
            </button>
            <button type="button" onClick={() => setBuyIn(range.max)}>
              {t('pvpMax')}
            </button>
          </fieldset>
        </>
      ) : (
        <p role="alert">{t('pvpBalanceTooLow', { min: money(table.minBuyIn, symbol) })}</p>
      )}
      {error ? (
        <p className="pvp-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="pvp-actions">
        <button type="submit" className="pvp-action pvp-action--main" disabled={!range || busy}>
          {busy
            ? t('pvpSitting')
            : t('pvpSitFor', { amount: money(range ? clamp(buyIn, range.min, range.max) : 0, symbol) })}
        </button>
        <button type="button" className="pvp-action" onClick={onCancel}>
          {t('pvpCancel')}
        </button>
      </div>
    </form>
  );
}
