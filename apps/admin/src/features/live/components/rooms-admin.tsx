import type { BingoGame, BingoPatternCode } from '@tala/contracts/bingo';
import { liveCycleBounds } from '@tala/contracts/live-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/field.tsx';
import { fieldErrors, SettingsCard, SettingsList } from '../../games/components/settings-card.tsx';
import { type LiveOfficeTable, useLiveTables, useSaveLiveTable } from '../api/live-office.ts';

type Room = LiveOfficeTable & { game: BingoGame; room: NonNullable<LiveOfficeTable['room']> };
const isRoom = (table: LiveOfficeTable): table is Room => table.room !== null;

import { amountIn, minorFromInputIn, moneyIn } from '../../../lib/money.ts';
import { formatDecimal } from '../../../lib/numbers.ts';
import { parsePrizeShares, patternsOf, shareText } from '../lib/bingo-prizes.ts';

/**
 * The studio's bingo rooms, shared by every merchant of a room's currency: card price (in the room's currency, decision
 * 069), most cards, the schedule and the prize shares.
 */
export function RoomsAdmin({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation();
  // The rooms are listed with the tables (decision 055), each with its `room` settings.
  const tables = useLiveTables();
  return (
    <SettingsList
      id="live-rooms"
      title={t('liveAdmin.rooms.title')}
      intro={t('liveAdmin.rooms.intro')}
      empty={t('liveAdmin.rooms.empty')}
      query={tables}
      items={(value) => value.list.filter(isRoom)}
      card={(room) => <RoomForm key={room.code} room={room} canManage={canManage} />}
    />
  );
}

function RoomForm({ room, canManage }: { room: Room; canManage: boolean }) {
  const { t } = useTranslation();
  const save = useSaveLiveTable();
  const settings = room.room;
  // A card's price is in the room's own currency, whichever merchant's page this is (decision 069).
  const [cardPrice, setCardPrice] = useState(() => amountIn(settings.cardPrice, settings.currency));
  const [maxCards, setMaxCards] = useState(String(settings.maxCards));
  const [ballSeconds, setBallSeconds] = useState(String(settings.ballMs / 1000));
  const [saleSeconds, setSaleSeconds] = useState(String(room.bettingSeconds));
  const [shares, setShares] = useState<Record<string, string>>(() =>
    Object.fromEntries(patternsOf(room.game).map((p) => [p, shareText(settings.prizes, p)])),
  );
  const [maintenance, setMaintenance] = useState(room.maintenance);
  const [invalid, setInvalid] = useState<string | null>(null);
  const errorOf = fieldErrors(save.error, invalid, (field) =>
    t(field === 'prizes' ? 'liveAdmin.rooms.invalidShares' : 'liveAdmin.rooms.invalid'),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const price = minorFromInputIn(cardPrice, settings.currency);
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
          // The currency the price was typed in: the server refuses it if the room's is another.
          currency: settings.currency,
          cardPrice: price,
          maxCards: Number(maxCards),
          ballMs: Math.round(Number(ballSeconds) * 1000),
          prizes,
        },
      },
    });
  }

  const total = Object.values(shares).reduce((sum, v) => sum + (Number(v) || 0), 0);
  return (
    <SettingsCard
      headingId={`live-room-${room.code}`}
      name={room.name}
      code={room.code}
      savedInMaintenance={room.maintenance}
      texts={{
        underMaintenance: t('liveAdmin.tables.underMaintenance'),
        running: t('liveAdmin.tables.running'),
        maintenance: t('liveAdmin.tables.maintenance'),
        maintenanceHelp: t('liveAdmin.rooms.maintenanceHelp'),
        save: t('liveAdmin.tables.save', { code: room.code }),
        saved: t('liveAdmin.saved'),
      }}
      summary={t('liveAdmin.rooms.summary', {
        game: t(`liveAdmin.rooms.games.${room.game}`),
        price: moneyIn(settings.cardPrice, settings.currency),
        max: settings.maxCards,
        sale: room.bettingSeconds,
        ball: settings.ballMs / 1000,
        share: (settings.prizes.reduce((sum, p) => sum + p.sharePermille, 0) / 10).toFixed(1),
        games: room.openRounds,
        cards: room.openBets,
      })}
      maintenance={maintenance}
      onMaintenance={setMaintenance}
      canManage={canManage}
      save={save}
      onSubmit={submit}
    >
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.rooms.cards')}</legend>
        <div className="filters">
          <InputField
            label={t('liveAdmin.rooms.cardPrice', { currency: settings.currency })}
            error={errorOf('cardPrice')}
            inputMode="decimal"
            value={cardPrice}
            onChange={setCardPrice}
          />
          <InputField
            label={t('liveAdmin.rooms.maxCards')}
            error={errorOf('maxCards')}
            inputMode="numeric"
            value={maxCards}
            onChange={setMaxCards}
          />
        </div>
      </fieldset>
      <fieldset className="group" disabled={!canManage || !maintenance}>
        <legend className="field-label">{t('liveAdmin.rooms.schedule')}</legend>
        <div className="filters">
          <InputField
            label={t('liveAdmin.rooms.saleSeconds')}
            help={t('liveAdmin.tables.secondsRange', liveCycleBounds.bettingSeconds)}
            error={errorOf('bettingSeconds')}
            inputMode="numeric"
            value={saleSeconds}
            onChange={setSaleSeconds}
          />
          <InputField
            label={t('liveAdmin.rooms.ballSeconds')}
            help={t('liveAdmin.tables.secondsRange', {
              min: liveCycleBounds.ballMs.min / 1000,
              max: liveCycleBounds.ballMs.max / 1000,
            })}
            error={errorOf('ballMs')}
            inputMode="decimal"
            value={ballSeconds}
            onChange={setBallSeconds}
          />
        </div>
        <p className="muted">{t('liveAdmin.rooms.scheduleHelp')}</p>
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('liveAdmin.rooms.prizes')}</legend>
        <div className="filters">
          {patternsOf(room.game).map((pattern: BingoPatternCode) => (
            <InputField
              key={pattern}
              label={t('liveAdmin.rooms.share', { pattern: t(`liveAdmin.rooms.patterns.${pattern}`) })}
              inputMode="decimal"
              value={shares[pattern] ?? ''}
              onChange={(value) => setShares((s) => ({ ...s, [pattern]: value }))}
            />
          ))}
        </div>
        <p className={errorOf('prizes') === undefined ? 'muted' : 'field-error'} role="status">
          {errorOf('prizes') ?? t('liveAdmin.rooms.sharesTotal', { total: formatDecimal(total, 1) })}
        </p>
      </fieldset>
    </SettingsCard>
  );
}
