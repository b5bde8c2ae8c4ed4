import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { formatPercent } from '../../../lib/numbers.ts';
import type { DatedPageProps, MoneyFormat } from '../../games/components/games-shared.tsx';
import { useFishRooms, useFishWave, useFishWaves, type WavesFilter } from '../api/fish-office.ts';

/** The rounds explorer: waves newest first with the merchant's members' shots; a wave's shots and seeds on request. */
export function FishWavesAdmin({ merchant, money, timeZone }: DatedPageProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<WavesFilter>({ roomCode: '', member: '', from: '', to: '', pageNo: 1 });
  const [filter, setFilter] = useState(draft);
  const waves = useFishWaves(merchant, filter);
  const rooms = useFishRooms(merchant);
  const [selected, setSelected] = useState<number | null>(null);
  const page = waves.data;
  const columns = [
    t('fishAdmin.room'),
    t('fishAdmin.waves.waveNo'),
    t('fishAdmin.waves.startsAt'),
    t('fishAdmin.rtp'),
    t('fishAdmin.players'),
    t('fishAdmin.shots'),
    t('fishAdmin.stake'),
    t('fishAdmin.returned'),
    t('fishAdmin.houseWin'),
    { label: t('fishAdmin.actions'), hidden: true as const },
  ];
  const label = (i: number) => {
    const column = columns[i];
    return typeof column === 'string' ? column : (column?.label ?? '');
  };
  const apply = (next: WavesFilter) => {
    setDraft(next);
    setFilter(next);
  };
  return (
    <section className="stack" aria-labelledby="fish-waves">
      <h2 id="fish-waves">{t('fishAdmin.waves.title')}</h2>
      <p className="muted">{t('fishAdmin.waves.intro')}</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply({ ...draft, pageNo: 1 });
        }}
      >
        <Field label={t('fishAdmin.room')}>
          <select
            className="input"
            value={draft.roomCode}
            onChange={(e) => apply({ ...draft, roomCode: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('fishAdmin.waves.anyRoom')}</option>
            {(rooms.data?.list ?? []).map((room) => (
              <option key={room.code} value={room.code}>
                {`${room.code} · ${room.name}`}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('fishAdmin.waves.member')} help={t('fishAdmin.waves.memberHelp')}>
          <input
            className="input"
            value={draft.member}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, member: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.from')}>
          <input
            className="input"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </Field>
        <Field label={t('gamesAdmin.to')}>
          <input
            className="input"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          />
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('gamesAdmin.search')}
          </button>
        </div>
      </form>
      <p className="muted">{t('gamesAdmin.timeZone', { zone: timeZone })}</p>
      {waves.isError ? <Notice tone="error">{waves.error.message}</Notice> : null}
      <DataTable
        caption={t('fishAdmin.waves.title')}
        busy={waves.isFetching && waves.isPlaceholderData}
        empty={waves.isPending ? t('fishAdmin.loading') : t('fishAdmin.waves.empty')}
        columns={columns}
        rows={page?.list ?? []}
        row={(w) => (
          <tr key={w.id} aria-selected={w.id === selected}>
            <td data-label={label(0)}>{w.roomCode}</td>
            <td data-label={label(1)}>{w.waveNo}</td>
            <td data-label={label(2)}>{formatDateTime(w.startsAt, i18n.language)}</td>
            <td data-label={label(3)}>{formatPercent(w.rtpBps / 10_000)}</td>
            <td data-label={label(4)}>{w.players}</td>
            <td data-label={label(5)}>{w.shots}</td>
            <td data-label={label(6)}>{money.amount(w.stake)}</td>
            <td data-label={label(7)}>{money.amount(w.returned)}</td>
            <td data-label={label(8)}>{money.amount(w.houseWin)}</td>
            <td data-label={label(9)}>
              <button
                type="button"
                className="button"
                aria-label={t('fishAdmin.waves.open', { room: w.roomCode, wave: w.waveNo })}
                onClick={() => setSelected(w.id)}
              >
                {t('fishAdmin.waves.details')}
              </button>
            </td>
          </tr>
        )}
      />
      {page ? (
        <Pager
          pageNo={page.pageNo}
          totalPages={page.totalPages}
          total={page.total}
          onPage={(pageNo: number) => apply({ ...filter, pageNo })}
        />
      ) : null}
      {selected !== null ? (
        <WaveDetail
          merchant={merchant}
          id={selected}
          member={filter.member}
          money={money}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </section>
  );
}

function WaveDetail({
  merchant,
  id,
  member,
  money,
  onClose,
}: {
  merchant: string;
  id: number;
  member: string;
  money: MoneyFormat;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const wave = useFishWave(merchant, id, member);
  const columns = [
    t('fishAdmin.waves.at'),
    t('fishAdmin.waves.member'),
    t('fishAdmin.waves.seat'),
    t('fishAdmin.waves.nonce'),
    t('fishAdmin.waves.fish'),
    t('fishAdmin.waves.bet'),
    t('fishAdmin.waves.result'),
    t('fishAdmin.returned'),
    t('fishAdmin.waves.clientSeed'),
  ];
  return (
    <section className="card stack" aria-labelledby="fish-wave-detail">
      {wave.isPending ? <Loading /> : null}
      {wave.isError ? <LoadError error={wave.error} onRetry={() => void wave.refetch()} /> : null}
      {wave.data ? (
        <>
          <h3 id="fish-wave-detail">
            {t('fishAdmin.waves.detailTitle', { room: wave.data.roomCode, wave: wave.data.waveNo })}
          </h3>
          <dl className="facts">
            <div>
              <dt>{t('fishAdmin.waves.startsAt')}</dt>
              <dd>{formatDateTime(wave.data.startsAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.waves.endsAt')}</dt>
              <dd>{formatDateTime(wave.data.endsAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.shots')}</dt>
              <dd>{wave.data.shots}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.stake')}</dt>
              <dd>{money.amount(wave.data.stake)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.houseWin')}</dt>
              <dd>{money.amount(wave.data.houseWin)}</dd>
            </div>
          </dl>
          <dl className="facts facts-single">
            <div>
              <dt>{t('fishAdmin.waves.seedHash')}</dt>
              <dd className="secret-key">{wave.data.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.waves.seed')}</dt>
              {wave.data.serverSeed ? (
                <dd className="secret-key">{wave.data.serverSeed}</dd>
              ) : (
                <dd className="muted">{t('fishAdmin.waves.seedHidden')}</dd>
              )}
            </div>
          </dl>
          <DataTable
            caption={t('fishAdmin.waves.shotsOf', { wave: wave.data.waveNo })}
            visibleCaption
            empty={t('fishAdmin.waves.noShots')}
            columns={columns}
            rows={wave.data.list}
            row={(s) => (
              <tr key={s.id}>
                <td data-label={columns[0]}>{formatDateTime(s.at, i18n.language)}</td>
                <td data-label={columns[1]}>{s.username}</td>
                <td data-label={columns[2]}>{s.seat + 1}</td>
                <td data-label={columns[3]}>{s.nonce}</td>
                <td data-label={columns[4]}>{`${t(`fishAdmin.kinds.${s.kind}`)} #${s.fishId}`}</td>
                <td data-label={columns[5]}>{money.amount(s.bet)}</td>
                <td data-label={columns[6]}>
                  {s.caught
                    ? t('fishAdmin.waves.caught', { multiplier: s.multiplier })
                    : t('fishAdmin.waves.missed')}
                </td>
                <td data-label={columns[7]}>{money.amount(s.win)}</td>
                <td data-label={columns[8]} className="secret-key">
                  {s.clientSeed}
                </td>
              </tr>
            )}
          />
        </>
      ) : null}
      <div className="filters-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('fishAdmin.close')}
        </button>
      </div>
    </section>
  );
}
