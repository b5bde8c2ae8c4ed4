import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Pager } from '../../../components/pager.tsx';
import { formatDateTime } from '../../../lib/datetime.ts';
import { type TradingFilter, useSuspension, useTradingEvent, useTradingEvents } from '../api/trading.ts';
import { useTradingNames } from '../lib/market-names.ts';
import { feedKey, SuspendedBadge, TradingFilterFields } from './shared.tsx';

const statuses = ['not_started', 'live', 'ended', 'closed', 'postponed', 'cancelled', 'abandoned'] as const;

/** The feed's events with this merchant's open bets and suspensions; an event's markets; suspend a whole event. */
export function EventsAdmin({
  merchant,
  canManage,
  onOpen,
}: {
  merchant: string;
  canManage: boolean;
  onOpen: (marketId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const names = useTradingNames();
  const [draft, setDraft] = useState<TradingFilter & { status: string; pageNo: number }>({
    sport: '',
    league: '',
    event: '',
    status: '',
    pageNo: 1,
  });
  const [filter, setFilter] = useState(draft);
  const events = useTradingEvents(merchant, filter);
  const [selected, setSelected] = useState<string | null>(null);
  const columns = [
    t('sportsTrading.event'),
    t('sportsTrading.startTime'),
    t('sportsTrading.status'),
    t('sportsTrading.markets'),
    t('sportsTrading.openBets'),
    { label: t('sportsTrading.actions'), hidden: true as const },
  ];
  const label = (i: number) => {
    const c = columns[i];
    return typeof c === 'string' ? c : (c?.label ?? '');
  };
  return (
    <section className="stack" aria-labelledby="sports-events">
      <h2 id="sports-events">{t('sportsTrading.events.title')}</h2>
      <form
        className="filters"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setFilter({ ...draft, pageNo: 1 });
        }}
      >
        <TradingFilterFields value={draft} onChange={(v) => setDraft({ ...draft, ...v })} />
        <Field label={t('sportsTrading.status')}>
          <select
            className="input"
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value })}
          >
            <option value="">{t('sportsTrading.all')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`sportsTrading.eventStatus.${s}`)}
              </option>
            ))}
          </select>
        </Field>
        <div className="filters-actions">
          <button type="submit" className="button button-primary">
            {t('sportsTrading.search')}
          </button>
        </div>
      </form>
      {events.isError ? <Notice tone="error">{events.error.message}</Notice> : null}
      <DataTable
        caption={t('sportsTrading.events.title')}
        busy={events.isFetching}
        empty={events.isPending ? t('sportsTrading.loading') : t('sportsTrading.events.empty')}
        columns={columns}
        rows={events.data?.list ?? []}
        row={(e) => (
          <tr key={e.id}>
            <td data-label={label(0)}>
              {e.name}
              <br />
              <span className="muted">{`${names.sport(e.sport)} · ${e.league.name}`}</span>
            </td>
            <td data-label={label(1)}>{formatDateTime(e.startTime, i18n.language)}</td>
            <td data-label={label(2)}>
              {t(`sportsTrading.eventStatus.${e.status}`, { defaultValue: e.status })}
              <SuspendedBadge suspended={e.suspended} />
            </td>
            <td data-label={label(3)}>{e.markets}</td>
            <td data-label={label(4)}>{e.openBets}</td>
            <td data-label={label(5)}>
              <button
                type="button"
                className="button"
                onClick={() => setSelected(e.id)}
                aria-label={t('sportsTrading.events.openOne', { name: e.name })}
              >
                {t('sportsTrading.events.markets')}
              </button>
            </td>
          </tr>
        )}
      />
      {events.data ? (
        <Pager
          pageNo={events.data.pageNo}
          totalPages={events.data.totalPages}
          total={events.data.total}
          onPage={(pageNo) => setFilter({ ...filter, pageNo })}
        />
      ) : null}
      {selected ? (
        <EventMarkets
          merchant={merchant}
          eventId={selected}
          canManage={canManage}
          onOpen={onOpen}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </section>
  );
}

function EventMarkets({
  merchant,
  eventId,
  canManage,
  onOpen,
  onClose,
}: {
  merchant: string;
  eventId: string;
  canManage: boolean;
  onOpen: (marketId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const names = useTradingNames();
  const event = useTradingEvent(merchant, eventId);
  const suspension = useSuspension(merchant);
  const [reason, setReason] = useState('');
  const columns = [
    t('sportsTrading.market'),
    t('sportsTrading.status'),
    t('sportsTrading.openBets'),
    { label: t('sportsTrading.actions'), hidden: true as const },
  ];
  const e = event.data;
  const marketOf = (m: { type: string; specifiers: string; name: string }) =>
    e ? names.market({ ...m, sport: e.sport, league: e.league.name, competitors: [] }) : m.name;
  return (
    <section className="stack card" aria-labelledby="sports-event-markets">
      <h3 id="sports-event-markets">{e ? e.name : t('sportsTrading.loading')}</h3>
      <div>
        <button type="button" className="button" onClick={onClose}>
          {t('sportsTrading.close')}
        </button>
      </div>
      {event.isError ? <Notice tone="error">{event.error.message}</Notice> : null}
      {suspension.isError ? <Notice tone="error">{suspension.error.message}</Notice> : null}
      {e && canManage ? (
        e.suspended ? (
          <div>
            <button
              type="button"
              className="button button-primary"
              disabled={suspension.isPending}
              onClick={() => suspension.mutate({ target: 'events', id: e.id, action: 'resume' })}
            >
              {t('sportsTrading.resumeEvent')}
            </button>
          </div>
        ) : (
          <form
            className="filters"
            onSubmit={(ev: FormEvent) => {
              ev.preventDefault();
              suspension.mutate(
                { target: 'events', id: e.id, action: 'suspend', reason },
                { onSuccess: () => setReason('') },
              );
            }}
          >
            <Field label={t('sportsTrading.reason')}>
              <input
                className="input"
                required
                maxLength={200}
                value={reason}
                onChange={(x) => setReason(x.target.value)}
              />
            </Field>
            <div className="filters-actions">
              <button type="submit" className="button button-danger" disabled={suspension.isPending}>
                {t('sportsTrading.suspendEvent')}
              </button>
            </div>
          </form>
        )
      ) : null}
      <DataTable
        caption={t('sportsTrading.markets')}
        columns={columns}
        rows={e?.list ?? []}
        empty={t('sportsTrading.events.noMarkets')}
        row={(m) => (
          <tr key={m.id}>
            <td data-label={t('sportsTrading.market')} title={feedKey(m)}>
              {marketOf(m)}
            </td>
            <td data-label={t('sportsTrading.status')}>
              {t(`sportsTrading.marketStatus.${m.status}`, { defaultValue: m.status })}
              <SuspendedBadge suspended={m.suspended} />
            </td>
            <td data-label={t('sportsTrading.openBets')}>{m.openBets}</td>
            <td data-label={t('sportsTrading.actions')}>
              <button
                type="button"
                className="button"
                onClick={() => onOpen(m.id)}
                aria-label={t('sportsTrading.openMarket', { name: marketOf(m) })}
              >
                {t('sportsTrading.open')}
              </button>
            </td>
          </tr>
        )}
      />
    </section>
  );
}
