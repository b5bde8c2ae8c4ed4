import { fishRoomBounds } from '@tala/contracts/fish-office';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InputField } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { MoneyFormat } from '../../games/components/games-shared.tsx';
import { fieldErrors, SettingsCard, SettingsList } from '../../games/components/settings-card.tsx';
import { type FishOfficeRoom, useCreateFishRoom, useFishRooms, useSaveFishRoom } from '../api/fish-office.ts';
import { betsText, parseBets, parseRtp, parseWhole } from '../lib/room-settings.ts';

/** The merchant's fish rooms: bets, declared return, the cap on shots a second and maintenance; a new room. */
export function FishRoomsAdmin({
  merchant,
  money,
  canManage,
}: {
  merchant: string;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const rooms = useFishRooms(merchant);
  return (
    <SettingsList
      id="fish-rooms"
      title={t('fishAdmin.rooms.title')}
      intro={t('fishAdmin.rooms.intro')}
      empty={t('fishAdmin.rooms.empty')}
      query={rooms}
      items={(value) => value.list}
      card={(room) => (
        <RoomForm
          key={`${room.code}-${room.maintenance}-${room.rtpBps}-${room.bets.join('-')}`}
          merchant={merchant}
          room={room}
          money={money}
          canManage={canManage}
        />
      )}
    >
      {canManage ? <NewRoomForm merchant={merchant} /> : null}
    </SettingsList>
  );
}

type Invalid = 'bets' | 'rtpBps' | 'shotsPerSecond' | 'waveSeconds' | 'code' | 'name';

function useFieldErrors(error: Error | null, invalid: Invalid | null) {
  const { t } = useTranslation();
  return fieldErrors(error, invalid, (field) =>
    t(`fishAdmin.rooms.invalid.${field}`, {
      ...fishRoomBounds.shotsPerSecond,
      waveMin: fishRoomBounds.waveSeconds.min,
      waveMax: fishRoomBounds.waveSeconds.max,
      count: fishRoomBounds.bets.count,
    }),
  );
}

function RoomForm({
  merchant,
  room,
  money,
  canManage,
}: {
  merchant: string;
  room: FishOfficeRoom;
  money: MoneyFormat;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveFishRoom(merchant);
  const [name, setName] = useState(room.name);
  const [bets, setBets] = useState(() => betsText(room.bets, merchant));
  const [rtp, setRtp] = useState((room.rtpBps / 100).toFixed(2));
  const [shots, setShots] = useState(String(room.shotsPerSecond));
  const [maintenance, setMaintenance] = useState(room.maintenance);
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const errorOf = useFieldErrors(save.error, invalid);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || name.trim().length > 60) return setInvalid('name');
    const parsedBets = parseBets(bets, merchant);
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
    <SettingsCard
      headingId={`fish-room-${room.code}`}
      name={room.name}
      code={room.code}
      savedInMaintenance={room.maintenance}
      texts={{
        underMaintenance: t('fishAdmin.rooms.underMaintenance'),
        running: t('fishAdmin.rooms.running'),
        maintenance: t('fishAdmin.rooms.maintenance'),
        maintenanceHelp: t('fishAdmin.rooms.maintenanceHelp'),
        save: t('fishAdmin.rooms.save', { code: room.code }),
        saved: t('fishAdmin.saved'),
      }}
      summary={t('fishAdmin.rooms.summary', {
        bets: room.bets.map((b) => money.exact(b)).join(', '),
        rtp: (room.rtpBps / 100).toFixed(2),
        shots: room.shotsPerSecond,
        wave: room.waveSeconds,
        taken: room.seatsTaken,
        seats: room.seats,
      })}
      maintenance={maintenance}
      onMaintenance={setMaintenance}
      canManage={canManage}
      save={save}
      onSubmit={submit}
    >
      <fieldset className="group" disabled={!canManage}>
        <legend className="field-label">{t('fishAdmin.rooms.settings')}</legend>
        <div className="filters">
          <InputField
            label={t('fishAdmin.rooms.name')}
            error={errorOf('name')}
            value={name}
            onChange={setName}
          />
          <InputField
            label={t('fishAdmin.rooms.bets')}
            help={t('fishAdmin.rooms.betsHelp')}
            error={errorOf('bets')}
            inputMode="decimal"
            value={bets}
            onChange={setBets}
          />
          <InputField
            label={t('fishAdmin.rooms.rtp')}
            help={t('fishAdmin.rooms.rtpHelp')}
            error={errorOf('rtpBps')}
            inputMode="decimal"
            value={rtp}
            onChange={setRtp}
          />
          <InputField
            label={t('fishAdmin.rooms.shotsPerSecond')}
            help={t('fishAdmin.rooms.range', fishRoomBounds.shotsPerSecond)}
            error={errorOf('shotsPerSecond')}
            inputMode="numeric"
            value={shots}
            onChange={setShots}
          />
        </div>
        <p className="muted">{t('fishAdmin.rooms.nextWave')}</p>
      </fieldset>
    </SettingsCard>
  );
}

function NewRoomForm({ merchant }: { merchant: string }) {
  const { t } = useTranslation();
  const create = useCreateFishRoom(merchant);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [bets, setBets] = useState('');
  const [rtp, setRtp] = useState('96.00');
  const [shots, setShots] = useState('5');
  const [wave, setWave] = useState('60');
  const [invalid, setInvalid] = useState<Invalid | null>(null);
  const errorOf = useFieldErrors(create.error, invalid);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^[A-Z0-9-]{2,16}$/.test(code.trim())) return setInvalid('code');
    if (!name.trim() || name.trim().length > 60) return setInvalid('name');
    const parsedBets = parseBets(bets, merchant);
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
        <InputField
          label={t('fishAdmin.rooms.code')}
          help={t('fishAdmin.rooms.codeHelp')}
          error={errorOf('code')}
          value={code}
          onChange={(value) => setCode(value.toUpperCase())}
        />
        <InputField
          label={t('fishAdmin.rooms.name')}
          error={errorOf('name')}
          value={name}
          onChange={setName}
        />
        <InputField
          label={t('fishAdmin.rooms.bets')}
          help={t('fishAdmin.rooms.betsHelp')}
          error={errorOf('bets')}
          inputMode="decimal"
          value={bets}
          onChange={setBets}
        />
        <InputField
          label={t('fishAdmin.rooms.rtp')}
          help={t('fishAdmin.rooms.rtpHelp')}
          error={errorOf('rtpBps')}
          inputMode="decimal"
          value={rtp}
          onChange={setRtp}
        />
        <InputField
          label={t('fishAdmin.rooms.shotsPerSecond')}
          help={t('fishAdmin.rooms.range', fishRoomBounds.shotsPerSecond)}
          error={errorOf('shotsPerSecond')}
          inputMode="numeric"
          value={shots}
          onChange={setShots}
        />
        <InputField
          label={t('fishAdmin.rooms.waveSeconds')}
          help={t('fishAdmin.rooms.range', fishRoomBounds.waveSeconds)}
          error={errorOf('waveSeconds')}
          inputMode="numeric"
          value={wave}
          onChange={setWave}
        />
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
