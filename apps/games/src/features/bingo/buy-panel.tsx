import type { BingoRoom } from '@tala/contracts/bingo';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { clampCount } from './logic.ts';

/**
 * Buying cards for the game on sale: a count within what the room still lets the member hold, the price of that
 * many, and the balance it comes from.
 */
export function BuyPanel({
  room,
  symbol,
  balance,
  held,
  most,
  count,
  onCount,
  open,
  busy,
  onBuy,
}: {
  room: BingoRoom;
  symbol: string;
  balance: number | undefined;
  held: number;
  /** Cards the member may still buy in this game. */
  most: number;
  count: number;
  onCount: (count: number) => void;
  /** Cards are on sale now. */
  open: boolean;
  busy: boolean;
  onBuy: () => void;
}) {
  const { t } = useTranslation();
  const shown = clampCount(count, most);
  const total = room.cardPrice * shown;
  const short = balance !== undefined && total > balance;
  const canBuy = open && !busy && shown > 0 && !short;
  return (
    <section className="bingo-buy" aria-labelledby="bingo-buy-title">
      <h2 id="bingo-buy-title">{t('bingoBuyTitle')}</h2>
      <p className="bingo-buy__price">
        {t('bingoCardPrice', { price: money(room.cardPrice, symbol) })} ·{' '}
        {t('bingoHeld', { held, max: room.maxCards })}
      </p>
      <div className="bingo-buy__row">
        <fieldset className="stepper">
          <legend className="visually-hidden">{t('bingoCount')}</legend>
          <button
            type="button"
            aria-label={t('bingoFewer')}
            disabled={!open || shown <= 1}
            onClick={() => onCount(clampCount(shown - 1, most))}
          >
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={most > 0 ? 1 : 0}
            max={most}
            value={shown}
            aria-label={t('bingoCount')}
            data-testid="card-count"
            disabled={!open || most <= 0}
            onChange={(e) => onCount(clampCount(Number(e.target.value), most))}
          />
          <button
            type="button"
            aria-label={t('bingoMore')}
            disabled={!open || shown >= most}
            onClick={() => onCount(clampCount(shown + 1, most))}
          >
            +
          </button>
        </fieldset>
        <div className="meter">
          <span className="meter__label" id="bingo-total-label">
            {t('bingoTotal')}
          </span>
          <output aria-labelledby="bingo-total-label" data-testid="buy-total">
            {money(total, symbol)}
          </output>
        </div>
        <div className="meter">
          <span className="meter__label" id="balance-label">
            {t('balance')}
          </span>
          <output aria-labelledby="balance-label" data-testid="balance">
            {balance === undefined ? '…' : money(balance, symbol)}
          </output>
        </div>
      </div>
      <button type="button" className="bingo-buy__go" disabled={!canBuy} onClick={onBuy}>
        {busy ? t('bingoBuying') : t('bingoBuy', { count: shown, amount: money(total, symbol) })}
      </button>
      {!open ? (
        <p className="bingo-buy__note">{t('bingoSaleClosed')}</p>
      ) : most <= 0 ? (
        <p className="bingo-buy__note">{t('bingoMaxReached', { max: room.maxCards })}</p>
      ) : short ? (
        <p className="bingo-buy__note" role="status">
          {t('bingoShort')}
        </p>
      ) : null}
    </section>
  );
}
