import type { BingoPatternCode } from '@tala/contracts/bingo';
import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MoneyFormat, QueryView } from '../../games/components/games-shared.tsx';
import { type BingoOfficeRoom, useBingoRooms, useSaveBingoRoom } from '../api/live-office.ts';
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
  const rooms = useBingoRooms();
  return (
    <section className="stack" aria-labelledby="live-rooms">
      <h2 id="live-rooms">{t('liveAdmin.rooms.title')}</h2>
      <p className="muted">{t('liveAdmin.rooms.intro')}</p>
      <QueryView query={rooms}>
        {(value) =>
          value.list.length === 0 ? (
            <p className="muted">{t('liveAdmin.rooms.empty')}</p>
          ) : (
            <div className="stack">
              {value.list.map((room) => (
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
  room: BingoOfficeRoom;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveBingoRoom();
  const [cardPrice, setCardPrice] = useState(() =>
    formatAmount(room.cardPrice, { exponent, displayDecimals: exponent }),
  );
  const [maxCards, setMaxCards] = useState(String(room.maxCards));
  const [ballSeconds, setBallSeconds] = useState(String(room.ballMs / 1000));
  const [saleSeconds, setSaleSeconds] = useState(String(room.saleSeconds));
  const [shares, setShares] = useState<Record<string, string>>(() =>
    Object.fromEntries(patternsOf(room.game).map((p) => [p, shareText(room.prizes, p)])),
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
    if (!/^\d+$/.test(saleSeconds.trim())) return setInvalid('saleSeconds');
    const prizes = parsePrizeShares(room.game, shares);
    if (!prizes) return setInvalid('prizes');
    setInvalid(null);
    if (maintenance && !room.maintenance && !window.confirm(t('liveAdmin.rooms.confirmMaintenance'))) return;
    save.mutate({
      code: room.code,
      body: {
        cardPrice: Number(price),
        maxCards: Number(maxCards),
        ballMs: Math.round(Number(ballSeconds) * 1000),
        saleSeconds: Number(saleSeconds),
        prizes,
        maintenance,
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
          price: money.exact(room.cardPrice),
          max: room.maxCards,
          sale: room.saleSeconds,
          ball: room.ballMs / 1000,
          rtp: room.rtp,
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
          <Field label={t('liveAdmin.rooms.saleSeconds')} error={errorOf('saleSeconds')}>
            <input
              className="input"
              inputMode="numeric"
              value={saleSeconds}
              onChange={(e) => setSaleSeconds(e.target.value)}
            />
          </Field>
          <Field label={t('liveAdmin.rooms.ballSeconds')} error={errorOf('ballMs')}>
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
      <fieldset className="group" disabled={!canManage || !maintenance}>
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
          {errorOf('prizes') ?? t('liveAdmin.rooms.sharesTotal', { total: total.toFixed(1) })}
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
