import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import type { DatedPageProps, MoneyFormat } from '../../games/components/games-shared.tsx';
import {
  type HandsFilter,
  type PvpOfficeHandDetail,
  usePvpHand,
  usePvpHands,
  usePvpTables,
} from '../api/pvp-office.ts';
import { moveParts } from '../lib/moves.ts';

/** Hands of every table, newest first, filtered by table and member; a hand's moves and outcome on request. */
export function PvpHandsAdmin({
  merchant,
  money,
  timeZone,
  canReadTables,
}: DatedPageProps & { canReadTables: boolean }) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<HandsFilter>({ table: '', member: '', from: '', to: '', pageNo: 1 });
  const [filter, setFilter] = useState(draft);
  const hands = usePvpHands(merchant, filter);
  const tables = usePvpTables(merchant, canReadTables);
  const [selected, setSelected] = useState<number | null>(null);
  const page = hands.data;
  const tableOptions = canReadTables
    ? (tables.data?.list ?? []).map((table) => ({ code: table.code, label: `${table.code} · ${table.name}` }))
    : [...new Set([...(page?.list ?? []).map((h) => h.tableCode), filter.table].filter(Boolean))]
        .sort()
        .map((code) => ({ code, label: code }));
  const columns = [
    t('pvpAdmin.table'),
    t('pvpAdmin.hands.handNo'),
    t('pvpAdmin.hands.startedAt'),
    t('pvpAdmin.hands.players'),
    t('pvpAdmin.hands.moves'),
    t('pvpAdmin.rake'),
    { label: t('pvpAdmin.actions'), hidden: true as const },
  ];
  const label = (i: number) => {
    const column = columns[i];
    return typeof column === 'string' ? column : (column?.label ?? '');
  };
  const apply = (next: HandsFilter) => {
    setDraft(next);
    setFilter(next);
  };
  return (
    <section className="stack" aria-labelledby="pvp-hands">
      <h2 id="pvp-hands">{t('pvpAdmin.hands.title')}</h2>
      <p className="muted">{t('pvpAdmin.hands.intro')}</p>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply({ ...draft, pageNo: 1 });
        }}
      >
        <Field label={t('pvpAdmin.table')}>
          <select
            className="input"
            value={draft.table}
            onChange={(e) => apply({ ...draft, table: e.target.value, pageNo: 1 })}
          >
            <option value="">{t('pvpAdmin.hands.anyTable')}</option>
            {tableOptions.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('pvpAdmin.hands.member')}>
          <input
            className="input"
            value={draft.member}
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
      {hands.isError ? <Notice tone="error">{hands.error.message}</Notice> : null}
      <DataTable
        caption={t('pvpAdmin.hands.title')}
        busy={hands.isFetching && hands.isPlaceholderData}
        empty={hands.isPending ? t('pvpAdmin.loading') : t('pvpAdmin.hands.empty')}
        columns={columns}
        rows={page?.list ?? []}
        row={(h) => (
          <tr key={h.id} aria-selected={h.id === selected}>
            <td data-label={label(0)}>{`${h.tableCode} · ${t(`pvpAdmin.games.${h.game}`)}`}</td>
            <td data-label={label(1)}>{h.handNo}</td>
            <td data-label={label(2)}>{formatDateTime(h.startedAt, i18n.language)}</td>
            <td data-label={label(3)}>
              {h.players
                .map(
                  (p) =>
                    `${p.username}${p.net === null ? '' : ` ${p.net > 0 ? '+' : ''}${money.amount(p.net)}`}`,
                )
                .join(', ')}
            </td>
            <td data-label={label(4)}>{h.moves}</td>
            <td data-label={label(5)}>{h.endedAt ? money.amount(h.rake) : t('pvpAdmin.hands.running')}</td>
            <td data-label={label(6)}>
              <button
                type="button"
                className="button"
                aria-label={t('pvpAdmin.hands.open', { table: h.tableCode, hand: h.handNo })}
                onClick={() => setSelected(h.id)}
              >
                {t('pvpAdmin.hands.details')}
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
        <HandDetail merchant={merchant} id={selected} money={money} onClose={() => setSelected(null)} />
      ) : null}
    </section>
  );
}

function HandDetail({
  merchant,
  id,
  money,
  onClose,
}: {
  merchant: string;
  id: number;
  money: MoneyFormat;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const hand = usePvpHand(merchant, id);
  // What a seat ended with, as the rules word it ('flush', 'cardsLeft:5'), in the operator's language.
  const endedWith = (words: string | undefined) => {
    if (!words) return '—';
    const [key = '', count] = words.split(':');
    return t(`pvpAdmin.ended.${key}`, { count: Number(count ?? 0), defaultValue: words });
  };
  const data: PvpOfficeHandDetail | undefined = hand.data;
  const nameOf = (seat: number) => data?.players.find((p) => p.seat === seat)?.username ?? `#${seat + 1}`;
  const playerColumns = [
    t('pvpAdmin.hands.seat'),
    t('pvpAdmin.hands.member'),
    t('pvpAdmin.hands.stackBefore'),
    t('pvpAdmin.hands.net'),
    t('pvpAdmin.hands.ended'),
  ];
  const moveColumns = [
    t('pvpAdmin.hands.seq'),
    t('pvpAdmin.hands.member'),
    t('pvpAdmin.hands.move'),
    t('pvpAdmin.hands.at'),
  ];
  return (
    <section className="card stack" aria-labelledby="pvp-hand-detail">
      {hand.isPending ? <Loading /> : null}
      {hand.isError ? <LoadError error={hand.error} onRetry={() => void hand.refetch()} /> : null}
      {data ? (
        <>
          <h3 id="pvp-hand-detail">
            {t('pvpAdmin.hands.detailTitle', { table: data.tableCode, hand: data.handNo })}
          </h3>
          <dl className="facts">
            <div>
              <dt>{t('pvpAdmin.hands.startedAt')}</dt>
              <dd>{formatDateTime(data.startedAt, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('pvpAdmin.hands.endedAt')}</dt>
              <dd>
                {data.endedAt ? formatDateTime(data.endedAt, i18n.language) : t('pvpAdmin.hands.running')}
              </dd>
            </div>
            {data.outcome
              ? data.outcome.pots.map((pot, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: pots are in the order the rules split them
                  <div key={i}>
                    <dt>{t(i === 0 ? 'pvpAdmin.hands.mainPot' : 'pvpAdmin.hands.sidePot')}</dt>
                    <dd>{`${money.amount(pot.amount)} → ${pot.winners.map(nameOf).join(', ')}`}</dd>
                  </div>
                ))
              : null}
            <div>
              <dt>{t('pvpAdmin.rake')}</dt>
              <dd>{money.amount(data.rake)}</dd>
            </div>
          </dl>
          <dl className="facts facts-single">
            <div>
              <dt>{t('pvpAdmin.hands.seedHash')}</dt>
              <dd className="secret-key">{data.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('pvpAdmin.hands.seed')}</dt>
              {data.serverSeed ? (
                <dd className="secret-key">{data.serverSeed}</dd>
              ) : (
                <dd className="muted">{t('pvpAdmin.hands.seedHidden')}</dd>
              )}
            </div>
          </dl>
          <DataTable
            caption={t('pvpAdmin.hands.playersOf', { hand: data.handNo })}
            visibleCaption
            empty="—"
            columns={playerColumns}
            rows={data.players}
            row={(p) => {
              const result = data.outcome?.seats.find((s) => s.seat === p.seat);
              return (
                <tr key={p.seat}>
                  <td data-label={playerColumns[0]}>{p.seat + 1}</td>
                  <td data-label={playerColumns[1]}>{p.username}</td>
                  <td data-label={playerColumns[2]}>{money.amount(p.stackBefore)}</td>
                  <td data-label={playerColumns[3]}>{p.net === null ? '—' : money.amount(p.net)}</td>
                  <td data-label={playerColumns[4]}>{endedWith(result?.hand)}</td>
                </tr>
              );
            }}
          />
          <DataTable
            caption={t('pvpAdmin.hands.movesOf', { hand: data.handNo })}
            visibleCaption
            empty={t('pvpAdmin.hands.noMoves')}
            columns={moveColumns}
            rows={data.list}
            row={(m) => {
              const parts = moveParts(m.move);
              const kind = parts.type ? t(`pvpAdmin.moves.${parts.type}`, { defaultValue: parts.type }) : '';
              const amount = parts.amount === null ? '' : ` ${money.amount(parts.amount)}`;
              return (
                <tr key={m.seq}>
                  <td data-label={moveColumns[0]}>{m.seq + 1}</td>
                  <td data-label={moveColumns[1]}>{nameOf(m.seat)}</td>
                  <td data-label={moveColumns[2]}>
                    {`${kind}${amount} ${parts.detail}`.trim()}
                    {m.auto ? ` (${t('pvpAdmin.hands.auto')})` : ''}
                  </td>
                  <td data-label={moveColumns[3]}>{formatDateTime(m.at, i18n.language)}</td>
                </tr>
              );
            }}
          />
        </>
      ) : null}
      <div className="filters-actions">
        <button type="button" className="button" onClick={onClose}>
          {t('pvpAdmin.close')}
        </button>
      </div>
    </section>
  );
}
