import { fishRoomBounds } from '@tala/contracts/fish-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Switch } from '../../../components/switch.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type MoneyFormat, QueryView } from '../../games/components/games-shared.tsx';
import { type FishOfficeRoom, useCreateFishRoom, useFishRooms, useSaveFishRoom } from '../api/fish-office.ts';
import { betsText, parseBets, parseRtp, parseWhole } from '../lib/room-settings.ts';

/** The merchant's fish rooms: bets, declared return, the cap on shots a second and maintenance; a new room. */
export function FishRoomsAdmin({
  merchant,
  money,
  exponent,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const rooms = useFishRooms(merchant);
  return (
    <section className="stack" aria-labelledby="fish-rooms">
      <h2 id="fish-rooms">{t('fishAdmin.rooms.title')}</h2>
      <p className="muted">{t('fishAdmin.rooms.intro')}</p>
      <QueryView query={rooms}>
        {(value) =>
          value.list.length === 0 ? (
            <p className="muted">{t('fishAdmin.rooms.empty')}</p>
          ) : (
            <div className="stack">
              {value.list.map((room) => (
                <RoomForm
                  key={`${room.code}-${room.maintenance}-${room.rtpBps}-${room.bets.join('-')}`}
                  merchant={merchant}
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
      {canManage ? <NewRoomForm merchant={merchant} exponent={exponent} /> : null}
    </section>
  );
}

type Invalid = 'bets' | 'rtpBps' | 'shotsPerSecond' | 'waveSeconds' | 'code' | 'name' | null;

function useFieldErrors(error: Error | null, invalid: Invalid) {
  const { t } = useTranslation();
  const serverField = error instanceof ApiError ? error.field : undefined;
  return (field: Exclude<Invalid, null>) =>
    invalid === field
      ? t(`fishAdmin.rooms.invalid.${field}`, {
          ...fishRoomBounds.shotsPerSecond,
          waveMin: fishRoomBounds.waveSeconds.min,
          waveMax: fishRoomBounds.waveSeconds.max,
          count: fishRoomBounds.bets.count,
        })
      : serverField === field
        ? (error?.message ?? undefined)
        : undefined;
}

function RoomForm({
  merchant,
  room,
  money,
  exponent,
  canManage,
}: {
  merchant: string;
  room: FishOfficeRoom;
  money: MoneyFormat;
  exponent: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveFishRoom(merchant);
  const [name, setName] = useState(room.name);
  const [bets, setBets] = useState(() => betsText(room.bets, exponent));
  const [rtp, setRtp] = useState((room.rtpBps / 100).toFixed(2));
  const [shots, setShots] = useState(String(room.shotsPerSecond));
  const [maintenance, setMaintenance] = useState(room.maintenance);
  const [invalid, setInvalid] = useState<Invalid>(null);
  const errorOf = useFieldErrors(save.error, invalid);
  const headingId = `fish-room-${room.code}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || name.trim().length > 60) return setInvalid('name');
    const parsedBets = parseBets(bets, exponent);
    if (!parsedBets) return setInvalid('bets');
    const rtpBps = parseRtp(rtp);
    if (rtpBps === null) return setInvalid('rtpBps');
    const shotsPerSecond = parseWhole(shots, fishRoomBounds.shotsPerSecond);
    if (shotsPerSecond === null) return setInvalid('shotsPerSecond');
    setInvalid(null);
    if (maintenance && !room.maintenance && !window.confirm(t('fishAdmin.rooms.confirmMaintenance'))) return;
    save.mutate({
      code: room.code,
      body: { name: name.trim(), bets: parsedBets, rtpBps, shotsPerSecond, maintenance },
    });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby={headingId}>
      <div className="title-row">
        <h3 id={headingId}>{`${room.name} (${room.code})`}</h3>
        <span className={`badge ${room.maintenance ? 'badge-off' : 'badge-on'}`}>
          {room.maintenance ? t('fishAdmin.rooms.underMaintenance') : t('fishAdmin.rooms.running')}
        </span>
      </div>
      <p className="muted">
        {t('fishAdmin.rooms.summary', {
          bets: room.bets.map((b) => money.exact(b)).join(', '),
          rtp: (room.rtpBps / 100).toFixed(2),
          shots: room.shotsPerSecond,
          wave: room.waveSeconds,
          taken: room.seatsTaken,
          seats: room.seats,
        })}
      </p>
      <fieldset className="plain" disabled={!canManage}>
        <Switch
          label={t('fishAdmin.rooms.maintenance')}
          help={t('fishAdmin.rooms.maintenanceHelp')}
          checked={maintenance}
          onChange={setMaintenance}
        />
      </fieldset>
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('fishAdmin.rooms.settings')}</legend>
        <div className="filters">
          <Field label={t('fishAdmin.rooms.name')} error={errorOf('name')}>
            <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field
            label={t('fishAdmin.rooms.bets')}
            help={t('fishAdmin.rooms.betsHelp')}
            error={errorOf('bets')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={bets}
              onChange={(e) => setBets(e.target.value)}
            />
          </Field>
          <Field
            label={t('fishAdmin.rooms.rtp')}
            help={t('fishAdmin.rooms.rtpHelp')}
            error={errorOf('rtpBps')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={rtp}
              onChange={(e) => setRtp(e.target.value)}
            />
          </Field>
          <Field
            label={t('fishAdmin.rooms.shotsPerSecond')}
            help={t('fishAdmin.rooms.range', fishRoomBounds.shotsPerSecond)}
            error={errorOf('shotsPerSecond')}
          >
            <input
              className="input"
              inputMode="numeric"
              value={shots}
              onChange={(e) => setShots(e.target.value)}
            />
          </Field>
        </div>
        <p className="muted">{t('fishAdmin.rooms.nextWave')}</p>
      </fieldset>
      {canManage ? (
        <div className="filters-actions">
          <button className="button button-primary" type="submit" disabled={save.isPending}>
            {t('fishAdmin.rooms.save', { code: room.code })}
          </button>
        </div>
      ) : null}
      {save.isSuccess ? <Notice tone="success">{t('fishAdmin.saved')}</Notice> : null}
      {save.error ? <Notice tone="error">{save.error.message}</Notice> : null}
    </form>
  );
}

function NewRoomForm({ merchant, exponent }: { merchant: string; exponent: number }) {
  const { t } = useTranslation();
  const create = useCreateFishRoom(merchant);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [bets, setBets] = useState('');
  const [rtp, setRtp] = useState('96.00');
  const [shots, setShots] = useState('5');
  const [wave, setWave] = useState('60');
  const [invalid, setInvalid] = useState<Invalid>(null);
  const errorOf = useFieldErrors(create.error, invalid);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[A-Z0-9-]{2,16}$/.test(code.trim())) return setInvalid('code');
    if (!name.trim() || name.trim().length > 60) return setInvalid('name');
    const parsedBets = parseBets(bets, exponent);
    if (!parsedBets) return setInvalid('bets');
    const rtpBps = parseRtp(rtp);
    if (rtpBps === null) return setInvalid('rtpBps');
    const shotsPerSecond = parseWhole(shots, fishRoomBounds.shotsPerSecond);
    if (shotsPerSecond === null) return setInvalid('shotsPerSecond');
    const waveSeconds = parseWhole(wave, fishRoomBounds.waveSeconds);
    if (waveSeconds === null) return setInvalid('waveSeconds');
    setInvalid(null);
    create.mutate(
      {
        code: code.trim(),
        name: name.trim(),
        bets: parsedBets,
        rtpBps,
        shotsPerSecond,
        waveSeconds,
        maintenance: true,
      },
      {
        onSuccess: () => {
          setCode('');
          setName('');
          setBets('');
        },
      },
    );
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-labelledby="fish-new-room">
      <h3 id="fish-new-room">{t('fishAdmin.rooms.newTitle')}</h3>
      <p className="muted">{t('fishAdmin.rooms.newIntro')}</p>
      <div className="filters">
        <Field label={t('fishAdmin.rooms.code')} help={t('fishAdmin.rooms.codeHelp')} error={errorOf('code')}>
          <input className="input" value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} />
        </Field>
        <Field label={t('fishAdmin.rooms.name')} error={errorOf('name')}>
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label={t('fishAdmin.rooms.bets')} help={t('fishAdmin.rooms.betsHelp')} error={errorOf('bets')}>
          <input
            className="input"
            inputMode="decimal"
            value={bets}
            onChange={(e) => setBets(e.target.value)}
          />
        </Field>
        <Field label={t('fishAdmin.rooms.rtp')} help={t('fishAdmin.rooms.rtpHelp')} error={errorOf('rtpBps')}>
          <input className="input" inputMode="decimal" value={rtp} onChange={(e) => setRtp(e.target.value)} />
        </Field>
        <Field
          label={t('fishAdmin.rooms.shotsPerSecond')}
          help={t('fishAdmin.rooms.range', fishRoomBounds.shotsPerSecond)}
          error={errorOf('shotsPerSecond')}
        >
          <input
            className="input"
            inputMode="numeric"
            value={shots}
            onChange={(e) => setShots(e.target.value)}
          />
        </Field>
        <Field
          label={t('fishAdmin.rooms.waveSeconds')}
          help={t('fishAdmin.rooms.range', fishRoomBounds.waveSeconds)}
          error={errorOf('waveSeconds')}
        >
          <input
            className="input"
            inputMode="numeric"
            value={wave}
            onChange={(e) => setWave(e.target.value)}
          />
        </Field>
      </div>
      <div className="filters-actions">
        <button className="button button-primary" type="submit" disabled={create.isPending}>
          {t('fishAdmin.rooms.create')}
        </button>
      </div>
      {create.isSuccess ? <Notice tone="success">{t('fishAdmin.rooms.created')}</Notice> : null}
      {create.error ? <Notice tone="error">{create.error.message}</Notice> : null}
    </form>
  );
}
