import type { BingoGame, BingoPatternCode } from '@tala/contracts/bingo';
import { liveCycleBounds } from '@tala/contracts/live-office';
import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MoneyFormat, QueryView } from '../../games/components/games-shared.tsx';
import { type LiveOfficeTable, useLiveTables, useSaveLiveTable } from '../api/live-office.ts';

type Room = LiveOfficeTable & { game: BingoGame; room: NonNullable<LiveOfficeTable['room']> };
const isRoom = (table: LiveOfficeTable): table is Room => table.room !== null;

import { formatDecimal } from '../../../lib/numbers.ts';
import { parsePrizeShares, patternsOf, shareText } from '../lib/bingo-prizes.ts';

/** The studio's bingo rooms, shared by every merchant: card price, most cards, the schedule and the prize shares. */
export function RoomsAdmin({
  money,
  exponent,
  canManage,
}: {
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  // The rooms are listed with the tables (decision 055), each with its `room` settings.
  const tables = useLiveTables();
  return (
    <section className="stack" aria-labelledby="live-rooms">
      <h2 id="live-rooms">{t('liveAdmin.rooms.title')}</h2>
      <p className="muted">{t('liveAdmin.rooms.intro')}</p>
      <QueryView query={tables}>
        {(value) =>
          value.list.filter(isRoom).length === 0 ? (
            <p className="muted">{t('liveAdmin.rooms.empty')}</p>
          ) : (
            <div className="stack">
              {value.list.filter(isRoom).map((room) => (
                <RoomForm
                  key={room.code}
                  room={room}
                  money={money}
                  exponent={exponent}
                  canManage={canManage}
                />
              ))}
            </div>
          )
        }
      </QueryView>
    </section>
  );
}

function RoomForm({
  room,
  money,
  exponent,
  canManage,
}: {
  room: Room;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveLiveTable();
  const settings = room.room;
  const [cardPrice, setCardPrice] = useState(() =>
    formatAmount(settings.cardPrice, { exponent, displayDecimals: exponent }),
  );
  const [maxCards, setMaxCards] = useState(String(settings.maxCards));
  const [ballSeconds, setBallSeconds] = useState(String(settings.ballMs / 1000));
  const [saleSeconds, setSaleSeconds] = useState(String(room.bettingSeconds));
  const [shares, setShares] = useState<Record<string, string>>(() =>
    Object.fromEntries(patternsOf(room.game).map((p) => [p, shareText(settings.prizes, p)])),
  );
  const [maintenance, setMaintenance] = useState(room.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const headingId = `live-room-${room.code}`;
  const serverField = save.error instanceof ApiError ? save.error.field : undefined;
  const errorOf = (field: string) =>
    invalid === field
      ? t(field === 'prizes' ? 'liveAdmin.rooms.invalidShares' : 'liveAdmin.rooms.invalid')
      : serverField === field
        ? (save.error?.message ?? undefined)
        : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const price = parseAmountInput(cardPrice, exponent);
    if (price === null) return setInvalid('cardPrice');
    if (!/^\d+$/.test(maxCards.trim())) return setInvalid('maxCards');
    if (!/^\d+(\.\d{1,3})?$/.test(ballSeconds.trim())) return setInvalid('ballMs');
    if (!/^\d+$/.test(saleSeconds.trim())) return setInvalid('bettingSeconds');
    const prizes = parsePrizeShares(room.game, shares);
    if (!prizes) return setInvalid('prizes');
    setInvalid(null);
    if (maintenance && !room.maintenance && !window.confirm(t('liveAdmin.rooms.confirmMaintenance'))) return;
    // A room's least and most bet and its result time follow from its settings on the server (the body's are not
    // used); its sale is the table's betting time.
    save.mutate({
      code: room.code,
      body: {
        minBet: room.minBet,
        maxBet: room.maxBet,
        bettingSeconds: Number(saleSeconds),
        resultSeconds: room.resultSeconds,
        maintenance,
        room: {
          cardPrice: Number(price),
          maxCards: Number(maxCards),
          ballMs: Math.round(Number(ballSeconds) * 1000),
          prizes,
        },
      },
    });
  }

  const total = Object.values(shares).reduce((sum, v) => sum + (Number(v) || 0), 0);
  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="title-row">
        <h3 id={headingId}>{`${room.name} (${room.code})`}</h3>
        <span className={`badge ${room.maintenance ? 'badge-off' : 'badge-on'}`}>
          {room.maintenance ? t('liveAdmin.tables.underMaintenance') : t('liveAdmin.tables.running')}
        </span>
      </div>
      <p className="muted">
        {t('liveAdmin.rooms.summary', {
          game: t(`liveAdmin.rooms.games.${room.game}`),
          price: money.exact(settings.cardPrice),
          max: settings.maxCards,
          sale: room.bettingSeconds,
          ball: settings.ballMs / 1000,
          share: (settings.prizes.reduce((sum, p) => sum + p.sharePermille, 0) / 10).toFixed(1),
          games: room.openRounds,
          cards: room.openBets,
        })}
      </p>
      <fieldset className="plain" disabled={!canManage}>
        <Switch
          label={t('liveAdmin.tables.maintenance')}
          help={t('liveAdmin.rooms.maintenanceHelp')}
          checked={maintenance}
          onChange={setMaintenance}
        />
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.rooms.cards')}</legend>
        <div className="filters">
          <Field label={t('liveAdmin.rooms.cardPrice')} error={errorOf('cardPrice')}>
            <input
              className="input"
              inputMode="decimal"
              value={cardPrice}
              onChange={(e) => setCardPrice(e.target.value)}
            />
          </Field>
          <Field label={t('liveAdmin.rooms.maxCards')} error={errorOf('maxCards')}>
            <input
              className="input"
              inputMode="numeric"
              value={maxCards}
              onChange={(e) => setMaxCards(e.target.value)}
            />
          </Field>
        </div>
      </fieldset>
      <fieldset className="group" disabled={!canManage || !maintenance}>
        <legend className="field-label">{t('liveAdmin.rooms.schedule')}</legend>
        <div className="filters">
          <Field
            label={t('liveAdmin.rooms.saleSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.bettingSeconds)}
            error={errorOf('bettingSeconds')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={saleSeconds}
              onChange={(e) => setSaleSeconds(e.target.value)}
            />
          </Field>
          <Field
            label={t('liveAdmin.rooms.ballSeconds')}
            help={t('liveAdmin.tables.secondsRange', {
              min: liveCycleBounds.ballMs.min / 1000,
              max: liveCycleBounds.ballMs.max / 1000,
            })}
            error={errorOf('ballMs')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={ballSeconds}
              onChange={(e) => setBallSeconds(e.target.value)}
            />
          </Field>
        </div>
        <p className="muted">{t('liveAdmin.rooms.scheduleHelp')}</p>
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.rooms.prizes')}</legend>
        <div className="filters">
          {patternsOf(room.game).map((pattern: BingoPatternCode) => (
            <Field
              key={pattern}
              label={t('liveAdmin.rooms.share', { pattern: t(`liveAdmin.rooms.patterns.${pattern}`) })}
            >
              <input
                className="input"
                inputMode="decimal"
                value={shares[pattern] ?? ''}
                onChange={(e) => setShares((s) => ({ ...s, [pattern]: e.target.value }))}
              />
            </Field>
          ))}
        </div>
        <p
          className={invalid === 'prizes' || serverField === 'prizes' ? 'field-error' : 'muted'}
          role="status"
        >
          {errorOf('prizes') ?? t('liveAdmin.rooms.sharesTotal', { total: formatDecimal(total, 1) })}
        </p>
      </fieldset>
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {t('liveAdmin.tables.save', { code: room.code })}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('liveAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}
