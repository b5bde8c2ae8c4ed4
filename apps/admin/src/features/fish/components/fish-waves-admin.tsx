import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, headLabel } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { formatPercent } from '../../../lib/numbers.ts';
import { type DatedPageProps, FilterForm, type MoneyFormat } from '../../games/components/games-shared.tsx';
import {
  CodeSelect,
  DetailsButton,
  HistoryTable,
  RoundDetailCard,
  SeedFacts,
  tableChoices,
  useListFilter,
} from '../../games/components/round-history.tsx';
import { useFishRooms, useFishWave, useFishWaves, type WavesFilter } from '../api/fish-office.ts';

/** The rounds explorer: waves newest first with the merchant's members' shots; a wave's shots and seeds on request. */
export function FishWavesAdmin({ merchant, money, timeZone }: DatedPageProps) {
  const { t, i18n } = useTranslation();
  const { draft, setDraft, filter, apply } = useListFilter<WavesFilter>({
    roomCode: '',
    member: '',
    from: '',
    to: '',
    pageNo: 1,
  });
  const waves = useFishWaves(merchant, filter);
  const rooms = useFishRooms(merchant);
  const [selected, setSelected] = useState<number | null>(null);
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
  const label = (i: number) => headLabel(columns[i]);
  return (
    <section className="stack" aria-labelledby="fish-waves">
      <h2 id="fish-waves">{t('fishAdmin.waves.title')}</h2>
      <p className="muted">{t('fishAdmin.waves.intro')}</p>
      <FilterForm
        range={draft}
        timeZone={timeZone}
        onRange={(range) => setDraft({ ...draft, ...range })}
        onSubmit={() => apply({ ...draft, pageNo: 1 })}
      >
        <CodeSelect
          label={t('fishAdmin.room')}
          any={t('fishAdmin.waves.anyRoom')}
          value={draft.roomCode}
          choices={tableChoices(rooms.data?.list ?? [], [], '')}
          onChange={(roomCode) => apply({ ...draft, roomCode, pageNo: 1 })}
        />
        <Field label={t('fishAdmin.waves.member')} help={t('fishAdmin.waves.memberHelp')}>
          <input
            className="input"
            value={draft.member}
            maxLength={64}
            onChange={(e) => setDraft({ ...draft, member: e.target.value })}
          />
        </Field>
      </FilterForm>
      <HistoryTable
        query={waves}
        caption={t('fishAdmin.waves.title')}
        loading={t('fishAdmin.loading')}
        empty={t('fishAdmin.waves.empty')}
        columns={columns}
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
              <DetailsButton
                label={t('fishAdmin.waves.open', { room: w.roomCode, wave: w.waveNo })}
                text={t('fishAdmin.waves.details')}
                onClick={() => setSelected(w.id)}
              />
            </td>
          </tr>
        )}
        onPage={(pageNo) => apply({ ...filter, pageNo })}
      />
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
    <RoundDetailCard
      query={wave}
      headingId="fish-wave-detail"
      heading={(data) => t('fishAdmin.waves.detailTitle', { room: data.roomCode, wave: data.waveNo })}
      close={t('fishAdmin.close')}
      onClose={onClose}
    >
      {(data) => (
        <>
          <dl className="facts">
            <div>
              <dt>{t('fishAdmin.waves.startsAt')}</dt>
              <dd>{formatDateTime(data.startsAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.waves.endsAt')}</dt>
              <dd>{formatDateTime(data.endsAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.shots')}</dt>
              <dd>{data.shots}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.stake')}</dt>
              <dd>{money.amount(data.stake)}</dd>
            </div>
            <div>
              <dt>{t('fishAdmin.houseWin')}</dt>
              <dd>{money.amount(data.houseWin)}</dd>
            </div>
          </dl>
          <SeedFacts
            hashLabel={t('fishAdmin.waves.seedHash')}
            seedLabel={t('fishAdmin.waves.seed')}
            hiddenText={t('fishAdmin.waves.seedHidden')}
            hash={data.serverSeedHash}
            seed={data.serverSeed}
          />
          <DataTable
            caption={t('fishAdmin.waves.shotsOf', { wave: data.waveNo })}
            visibleCaption
            empty={t('fishAdmin.waves.noShots')}
            columns={columns}
            rows={data.list}
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
      )}
    </RoundDetailCard>
  );
}
