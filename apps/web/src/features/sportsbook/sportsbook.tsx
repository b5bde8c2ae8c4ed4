import './sportsbook.css';
import type { SportsBet, SportsEvent, SportsListedEvent, SportsMarket } from '@tala/contracts/sportsbook';
import type { OddsFormat } from '@tala/sports/odds-format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Dialog } from '../../components/dialog.tsx';
import { Drawer } from '../../components/drawer.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { memberQueryRoot } from '../../lib/member-session.ts';
import { requireLogin } from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import { readStorage, writeStorage } from '../../lib/storage.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import type { GamesSite } from '../games/lib/site.ts';
import { formatMoney } from '../games/lib/start-game.ts';
import { legMarket, legOutcome, marketName, outcomeName } from './market-names.ts';
import {
  type MarketGroup,
  marketGroup,
  marketGroups,
  parlayPrice,
  parseStake,
  potentialReturn,
  priceMove,
  type SlipSelection,
  selectionKey,
  showPrice,
  slipLimits,
  stakeProblem,
  toggleSelection,
} from './slip.ts';
import { type EventDetail, eventKey, useSportsPush } from './use-sports-push.ts';

type Product = 'SPORTS' | 'ESPORTS';
type Section = 'today' | 'early' | 'inplay';
const oddsFormats: OddsFormat[] = ['decimal', 'hongkong', 'malay', 'indonesian'];
const formatStorageKey = 'sportsOddsFormat';
const slipStorageKey = 'sportsSlip';

/** The slip survives a reload in this tab (its prices are checked again by the server when placed). */
function readSlip(): SlipSelection[] {
  try {
    const value = JSON.parse(readStorage('session', slipStorageKey) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as SlipSelection[]).slice(0, 20) : [];
  } catch {
    return [];
  }
}

const eventName = (e: SportsEvent) =>
  e.kind === 'outright' ? e.league.name : e.competitors.map((c) => c.name).join(' – ');

/** The odds format: the member's stored preference when signed in, else this device's choice. */
function useOddsFormat() {
  const token = useSessionToken();
  const client = useQueryClient();
  const prefs = useQuery({
    queryKey: [memberQueryRoot, token, 'sportsPreferences'],
    queryFn: () =>
      api<{ oddsFormat: OddsFormat; oddsPreference: 'none' | 'higher' | 'any' }>('/wps/sports/preferences'),
    enabled: Boolean(token),
  });
  const [local, setLocal] = useState<OddsFormat>(
    () => (readStorage('local', formatStorageKey) as OddsFormat | null) ?? 'decimal',
  );
  const save = useMutation({
    mutationFn: (body: { oddsFormat?: OddsFormat; oddsPreference?: 'none' | 'higher' | 'any' }) =>
      api<{ oddsFormat: OddsFormat; oddsPreference: 'none' | 'higher' | 'any' }>('/wps/sports/preferences', {
        method: 'PUT',
        body,
      }),
    onSuccess: (value) => client.setQueryData([memberQueryRoot, token, 'sportsPreferences'], value),
  });
  const format = (token ? prefs.data?.oddsFormat : undefined) ?? local;
  return {
    format,
    oddsPreference: prefs.data?.oddsPreference ?? 'none',
    setFormat(next: OddsFormat) {
      setLocal(next);
      writeStorage('local', formatStorageKey, next);
      if (token) save.mutate({ oddsFormat: next });
    },
    setOddsPreference(next: 'none' | 'higher' | 'any') {
      if (token) save.mutate({ oddsPreference: next });
    },
  };
}

/** A price button: flashes up or down when the pushed price moves, locked while its market is suspended. */
function PriceButton({
  label,
  price,
  format,
  locked,
  selected,
  onClick,
}: {
  label: string;
  price: number | null;
  format: OddsFormat;
  locked: boolean;
  selected: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation();
  const last = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    const move = priceMove(last.current, price);
    last.current = price;
    if (!move) return;
    setFlash(move);
    const timer = setTimeout(() => setFlash(null), 1_500);
    return () => clearTimeout(timer);
  }, [price]);
  const off = locked || price === null;
  return (
    <button
      type="button"
      className={`sb-price${selected ? ' sb-price--selected' : ''}${flash ? ` sb-price--${flash}` : ''}${off ? ' sb-price--locked' : ''}`}
      disabled={off}
      aria-pressed={selected}
      aria-label={
        off
          ? t('sportsbook.lockedPrice', { name: label })
          : t('sportsbook.pricedAt', { name: label, price: showPrice(format, price) })
      }
      data-price={price ?? ''}
      data-flash={flash ?? ''}
      onClick={onClick}
    >
      <span className="sb-price__label">{label}</span>
      <span className="sb-price__value">
        {off ? <span aria-hidden="true">🔒</span> : showPrice(format, price)}
        {flash ? <span aria-hidden="true">{flash === 'up' ? ' ▲' : ' ▼'}</span> : null}
      </span>
    </button>
  );
}

function scoreLine(event: SportsEvent, t: TFunction) {
  const state = event.state as {
    period_name?: string;
    clock?: { seconds: number; running: boolean };
  } | null;
  const clock = state?.clock
    ? `${Math.floor(state.clock.seconds / 60)}:${String(state.clock.seconds % 60).padStart(2, '0')}`
    : '';
  return [state?.period_name ? t('sportsbook.period', { name: state.period_name }) : '', clock]
    .filter(Boolean)
    .join(' · ');
}

function MarketPrices({
  event,
  market,
  format,
  slip,
  onPick,
}: {
  event: SportsEvent;
  market: SportsMarket;
  format: OddsFormat;
  slip: readonly SlipSelection[];
  onPick: (s: SlipSelection) => void;
}) {
  const { t } = useTranslation();
  const locked = market.status !== 'active' || event.bettingStatus === 'suspended';
  return (
    <div className="sb-market__prices">
      {market.outcomes.map((o) => {
        const sel: SlipSelection = {
          eventId: event.id,
          eventName: eventName(event),
          marketId: market.id,
          marketName: marketName(t, market, event.sport, event.league.name),
          outcome: o.id,
          outcomeName: outcomeName(t, market, o, event.competitors),
          price: o.price ?? 0,
          inPlay: event.inPlay,
        };
        return (
          <PriceButton
            key={o.id}
            label={sel.outcomeName}
            price={o.price}
            format={format}
            locked={locked || !o.active}
            selected={slip.some((s) => selectionKey(s) === selectionKey(sel))}
            onClick={() => onPick(sel)}
          />
        );
      })}
    </div>
  );
}

function useEventDetail(eventId: string | null) {
  return useQuery({
    queryKey: eventKey(eventId ?? ''),
    queryFn: () => api<EventDetail>(`/wps/sports/events/${encodeURIComponent(eventId ?? '')}`),
    enabled: Boolean(eventId),
    staleTime: 60_000,
  });
}

function EventRow({
  event,
  format,
  slip,
  onPick,
  onOpen,
}: {
  event: SportsListedEvent;
  format: OddsFormat;
  slip: readonly SlipSelection[];
  onPick: (s: SlipSelection) => void;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const main = event.mainMarket;
  return (
    <li className="sb-event" data-testid={`sb-event-${event.id}`}>
      <button type="button" className="sb-event__name" onClick={onOpen}>
        <span className="sb-event__teams">{eventName(event)}</span>
        <span className="sb-event__when">
          {event.inPlay ? (
            <span className="sb-live" data-testid="sb-score">
              {t('sportsbook.live')} {event.score.home}–{event.score.away} {scoreLine(event, t)}
            </span>
          ) : (
            new Date(event.startTime).toLocaleString(i18n.language, {
              month: 'short',
              day: 'numeric',
              hour: '2-digit',
              minute: '2-digit',
            })
          )}
          {' · '}
          {t('sportsbook.markets', { count: event.openMarkets })}
        </span>
      </button>
      {main ? <MarketPrices event={event} market={main} format={format} slip={slip} onPick={onPick} /> : null}
    </li>
  );
}

function EventPage({
  eventId,
  format,
  slip,
  onPick,
  onBack,
}: {
  eventId: string;
  format: OddsFormat;
  slip: readonly SlipSelection[];
  onPick: (s: SlipSelection) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const detail = useEventDetail(eventId);
  if (detail.isPending)
    return (
      <p className="sb-note" aria-busy="true">
        {t('sportsbook.loading')}
      </p>
    );
  if (detail.isError)
    return (
      <p className="sb-note" role="alert">
        {t('sportsbook.error')}{' '}
        <button type="button" className="btn btn-secondary" onClick={() => void detail.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  const { event, markets } = detail.data;
  const groups = new Map<MarketGroup, SportsMarket[]>();
  for (const m of markets) {
    if (m.status === 'deactivated') continue;
    const group = event.kind === 'outright' ? 'outright' : marketGroup(m.type);
    groups.set(group, [...(groups.get(group) ?? []), m]);
  }
  return (
    <section className="sb-event-page" aria-labelledby="sb-event-title">
      <button type="button" className="btn btn-secondary sb-back" onClick={onBack}>
        ← {t('sportsbook.back')}
      </button>
      <header className="sb-event-page__head">
        <p className="sb-muted">
          {t(`sportsbook.sports.${event.sport}`, { defaultValue: event.sport })} · {event.league.name}
        </p>
        <h2 id="sb-event-title">{eventName(event)}</h2>
        {event.inPlay ? (
          <p className="sb-scoreboard" data-testid="sb-scoreboard" aria-live="polite">
            <strong>
              {event.score.home} – {event.score.away}
            </strong>{' '}
            {scoreLine(event, t)}
          </p>
        ) : (
          <p className="sb-muted">{new Date(event.startTime).toLocaleString()}</p>
        )}
        {event.bettingStatus === 'suspended' ? (
          <p className="sb-suspended">{t('sportsbook.suspended')}</p>
        ) : null}
      </header>
      {markets.length === 0 ? <p className="sb-note">{t('sportsbook.noMarkets')}</p> : null}
      {marketGroups
        .filter((g) => groups.has(g))
        .map((g) => (
          <section key={g} className="sb-group" aria-label={t(`sportsbook.groups.${g}`)}>
            <h3 className="sb-group__title">{t(`sportsbook.groups.${g}`)}</h3>
            {(groups.get(g) ?? []).map((m) => (
              <div key={m.id} className="sb-market" data-testid={`sb-market-${m.id}`}>
                <h4 className="sb-market__name">
                  {marketName(t, m, event.sport, event.league.name)}
                  {m.status !== 'active' ? (
                    <span className="sb-market__locked"> · {t('sportsbook.locked')}</span>
                  ) : null}
                </h4>
                <MarketPrices event={event} market={m} format={format} slip={slip} onPick={onPick} />
              </div>
            ))}
          </section>
        ))}
    </section>
  );
}

type Placed = { key: string; label: string; bet?: SportsBet; error?: string; busy: boolean };

const newRequestId = () =>
  `sb${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`.replace(/[^A-Za-z0-9]/g, '');

/** What the slip keeps while its drawer is closed on a phone: the stakes typed and the bets placed. */
function useSlipState() {
  const [stakes, setStakes] = useState<Record<string, string>>({});
  const [parlayStake, setParlayStake] = useState('');
  const [placed, setPlaced] = useState<Placed[]>([]);
  return { stakes, setStakes, parlayStake, setParlayStake, placed, setPlaced };
}

function BetSlip({
  site,
  slip,
  format,
  setSlip,
  odds,
  state,
}: {
  site: GamesSite;
  slip: SlipSelection[];
  format: OddsFormat;
  setSlip: (next: SlipSelection[]) => void;
  odds: ReturnType<typeof useOddsFormat>;
  state: ReturnType<typeof useSlipState>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { stakes, setStakes, parlayStake, setParlayStake, placed, setPlaced } = state;
  const exponent = site.currency.exponent;
  const money = (minor: number) => formatMoney(minor, site.currency);
  const combined = parlayPrice(slip);

  async function follow(item: Placed, bet: SportsBet) {
    let current = bet;
    while (current.status === 'pending') {
      const wait = current.acceptAt ? new Date(current.acceptAt).getTime() - Date.now() : 1_000;
      await new Promise((r) => setTimeout(r, Math.max(400, Math.min(wait + 300, 3_000))));
      try {
        current = (await api<{ bet: SportsBet }>(`/wps/sports/bets/${bet.id}`)).bet;
      } catch {
        // try again
      }
      setPlaced((list) => list.map((p) => (p.key === item.key ? { ...p, bet: current } : p)));
    }
    void client.invalidateQueries({ queryKey: [memberQueryRoot] });
  }

  async function place(label: string, selections: SlipSelection[], stake: number) {
    const item: Placed = { key: newRequestId(), label, busy: true };
    setPlaced((list) => [item, ...list]);
    try {
      const value = await api<{ bet: SportsBet; balance: number }>('/wps/sports/bets', {
        method: 'POST',
        body: {
          requestId: item.key,
          selections: selections.map((s) => ({ marketId: s.marketId, outcome: s.outcome, price: s.price })),
          stake,
          oddsPreference: odds.oddsPreference,
        },
      });
      setPlaced((list) => list.map((p) => (p.key === item.key ? { ...p, bet: value.bet, busy: false } : p)));
      void client.invalidateQueries({ queryKey: [memberQueryRoot] });
      if (value.bet.status === 'pending') void follow(item, value.bet);
      return true;
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('sportsbook.error');
      setPlaced((list) => list.map((p) => (p.key === item.key ? { ...p, error: message, busy: false } : p)));
      return false;
    }
  }

  async function placeAll() {
    if (!requireLogin()) return;
    const done: string[] = [];
    for (const s of slip) {
      const stake = parseStake(stakes[selectionKey(s)] ?? '', exponent);
      if (!stake) continue;
      if (await place(`${s.eventName} · ${s.outcomeName}`, [s], stake)) done.push(selectionKey(s));
    }
    const ps = parseStake(parlayStake, exponent);
    let parlayDone = false;
    if (combined && ps) parlayDone = await place(t('sportsbook.parlayOf', { count: slip.length }), slip, ps);
    setStakes((s) => Object.fromEntries(Object.entries(s).filter(([k]) => !done.includes(k))));
    if (parlayDone) setParlayStake('');
    const keep = slip.filter((s) => !done.includes(selectionKey(s)));
    setSlip(parlayDone ? [] : keep);
  }

  const problems = [
    ...slip.map((s) => stakeProblem(stakes[selectionKey(s)] ?? '', exponent, slipLimits.single)),
    combined ? stakeProblem(parlayStake, exponent, slipLimits.parlay) : null,
  ];
  const parlayProblem = combined ? problems[slip.length] : null;
  const anyStake =
    slip.some((s) => parseStake(stakes[selectionKey(s)] ?? '', exponent)) ||
    Boolean(combined && parseStake(parlayStake, exponent));
  const busy = placed.some((p) => p.busy);
  const limitsText = (l: { minStake: number; maxStake: number }) =>
    t('sportsbook.limits', { min: money(l.minStake), max: money(l.maxStake) });

  return (
    <div className="sb-slip" data-testid="sb-slip">
      {slip.length === 0 ? <p className="sb-note">{t('sportsbook.slipEmpty')}</p> : null}
      <ul className="sb-slip__list">
        {slip.map((s, i) => {
          const key = selectionKey(s);
          const stake = parseStake(stakes[key] ?? '', exponent) ?? 0;
          const problem = problems[i];
          return (
            <li key={key} className="sb-slip__item">
              <div className="sb-slip__row">
                <strong>{s.outcomeName}</strong>
                <span className="sb-slip__price">{showPrice(format, s.price)}</span>
                <button
                  type="button"
                  className="sb-icon-btn"
                  aria-label={t('sportsbook.remove', { name: s.outcomeName })}
                  onClick={() => setSlip(slip.filter((x) => selectionKey(x) !== key))}
                >
                  ×
                </button>
              </div>
              <p className="sb-muted">
                {s.marketName} · {s.eventName}
                {s.inPlay ? ` · ${t('sportsbook.live')}` : ''}
              </p>
              <label className="sb-stake">
                <span>{t('sportsbook.stake')}</span>
                <input
                  inputMode="decimal"
                  value={stakes[key] ?? ''}
                  aria-invalid={problem ? true : undefined}
                  data-testid={`sb-stake-${key}`}
                  onChange={(e) => setStakes({ ...stakes, [key]: e.target.value })}
                />
              </label>
              <p className={problem ? 'sb-error' : 'sb-muted'}>
                {problem ? t(`sportsbook.stakeProblems.${problem}`) : limitsText(slipLimits.single)}
              </p>
              {stake > 0 && !problem ? (
                <p className="sb-return">
                  {t('sportsbook.potentialReturn', {
                    amount: money(potentialReturn(stake, [s.price], slipLimits.single.maxPayout)),
                  })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {slip.length >= 2 ? (
        combined ? (
          <div className="sb-slip__parlay">
            <div className="sb-slip__row">
              <strong>{t('sportsbook.parlayOf', { count: slip.length })}</strong>
              <span className="sb-slip__price" data-testid="sb-parlay-price">
                {showPrice(format, combined)}
              </span>
            </div>
            <label className="sb-stake">
              <span>{t('sportsbook.parlayStake')}</span>
              <input
                inputMode="decimal"
                value={parlayStake}
                data-testid="sb-parlay-stake"
                aria-invalid={parlayProblem ? true : undefined}
                onChange={(e) => setParlayStake(e.target.value)}
              />
            </label>
            <p className={parlayProblem ? 'sb-error' : 'sb-muted'}>
              {parlayProblem ? t(`sportsbook.stakeProblems.${parlayProblem}`) : limitsText(slipLimits.parlay)}
            </p>
            {parseStake(parlayStake, exponent) && !parlayProblem ? (
              <p className="sb-return" data-testid="sb-parlay-return">
                {t('sportsbook.potentialReturn', {
                  amount: money(
                    potentialReturn(
                      parseStake(parlayStake, exponent) ?? 0,
                      slip.map((s) => s.price),
                      slipLimits.parlay.maxPayout,
                    ),
                  ),
                })}
              </p>
            ) : null}
          </div>
        ) : (
          <p className="sb-muted">{t('sportsbook.parlaySameEvent')}</p>
        )
      ) : null}
      {slip.length > 0 ? (
        <>
          <label className="sb-stake">
            <span>{t('sportsbook.acceptOdds')}</span>
            <select
              value={odds.oddsPreference}
              onChange={(e) => odds.setOddsPreference(e.target.value as 'none' | 'higher' | 'any')}
            >
              {(['none', 'higher', 'any'] as const).map((p) => (
                <option key={p} value={p}>
                  {t(`sportsbook.oddsPreferences.${p}`)}
                </option>
              ))}
            </select>
          </label>
          <div className="sb-slip__actions">
            <button type="button" className="btn btn-secondary" onClick={() => setSlip([])}>
              {t('sportsbook.clear')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!anyStake || problems.some(Boolean) || busy}
              aria-busy={busy}
              onClick={() => void placeAll()}
            >
              {busy ? t('sportsbook.placing') : t('sportsbook.place')}
            </button>
          </div>
        </>
      ) : null}
      {placed.length > 0 ? (
        <ul className="sb-placed" aria-live="polite">
          {placed.map((p) => (
            <li key={p.key} className="sb-placed__item" data-testid="sb-placed">
              <span>{p.label}</span>{' '}
              {p.busy ? (
                <span aria-busy="true">{t('sportsbook.placing')}</span>
              ) : p.error ? (
                <span className="sb-error" role="alert">
                  {p.error}
                </span>
              ) : p.bet ? (
                <BetStatus bet={p.bet} />
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function BetStatus({ bet }: { bet: SportsBet }) {
  const { t } = useTranslation();
  if (bet.status === 'refused')
    return (
      <span className="sb-error" role="alert" data-status="refused">
        {t('sportsbook.status.refused')}:{' '}
        {t(`sportsbook.refusals.${bet.refusalCode ?? 'other'}`, {
          defaultValue: t('sportsbook.refusals.other'),
        })}
      </span>
    );
  return (
    <span className={`sb-status sb-status--${bet.status}`} data-status={bet.status}>
      {t(`sportsbook.status.${bet.status}`)}
    </span>
  );
}

function MyBets({ site }: { site: GamesSite }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const client = useQueryClient();
  const [state, setState] = useState<'open' | 'settled'>('open');
  const [open, setOpen] = useState<number | null>(null);
  const [quote, setQuote] = useState<{ bet: SportsBet; value: number } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, site.currency);
  const bets = useQuery({
    queryKey: [memberQueryRoot, token, 'sportsBets', state],
    queryFn: () =>
      api<{ list: SportsBet[]; total?: number }>('/wps/sports/bets', {
        query: { state, pageNo: 1, pageSize: 50 },
      }),
    enabled: Boolean(token),
  });
  const askQuote = useMutation({
    mutationFn: (bet: SportsBet) =>
      api<{ value: number; price: number }>(`/wps/sports/bets/${bet.id}/cash-out`).then((v) => ({
        bet,
        value: v.value,
      })),
    onSuccess: setQuote,
    onError: (error) => setResult(error instanceof ApiError ? error.message : t('sportsbook.error')),
  });
  const cashOut = useMutation({
    mutationFn: (q: { bet: SportsBet; value: number }) =>
      api<{ bet: SportsBet; value: number }>(`/wps/sports/bets/${q.bet.id}/cash-out`, {
        method: 'POST',
        body: { value: q.value },
      }),
    onSuccess: (v) => {
      setQuote(null);
      setResult(t('sportsbook.cashedOut', { amount: money(v.value) }));
      void client.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
    onError: (error) => {
      setQuote(null);
      setResult(error instanceof ApiError ? error.message : t('sportsbook.error'));
    },
  });
  if (!token)
    return (
      <p className="sb-note">
        {t('sportsbook.loginForBets')}{' '}
        <button type="button" className="btn btn-primary" onClick={() => requireLogin()}>
          {t('sportsbook.login')}
        </button>
      </p>
    );
  return (
    <div className="sb-mybets" data-testid="sb-mybets">
      <Tabs
        label={t('sportsbook.myBets')}
        tabs={[
          { id: 'open', label: t('sportsbook.openBets') },
          { id: 'settled', label: t('sportsbook.settledBets') },
        ]}
        selected={state}
        onSelect={setState}
      >
        {bets.isPending ? (
          <p className="sb-note" aria-busy="true">
            {t('sportsbook.loading')}
          </p>
        ) : bets.isError ? (
          <p className="sb-note" role="alert">
            {t('sportsbook.error')}{' '}
            <button type="button" className="btn btn-secondary" onClick={() => void bets.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        ) : bets.data.list.length === 0 ? (
          <p className="sb-note">
            {t(state === 'open' ? 'sportsbook.noOpenBets' : 'sportsbook.noSettledBets')}
          </p>
        ) : (
          <ul className="sb-bets">
            {bets.data.list.map((bet) => (
              <li key={bet.id} className="sb-bet" data-testid={`sb-bet-${bet.id}`}>
                <button
                  type="button"
                  className="sb-bet__head"
                  aria-expanded={open === bet.id}
                  onClick={() => setOpen(open === bet.id ? null : bet.id)}
                >
                  <span>
                    {bet.kind === 'parlay'
                      ? t('sportsbook.parlayOf', { count: bet.legs.length })
                      : `${bet.legs[0] ? legOutcome(t, bet.legs[0]) : ''} · ${bet.legs[0]?.eventName ?? ''}`}
                  </span>
                  <BetStatus bet={bet} />
                </button>
                <p className="sb-muted">
                  {t('sportsbook.stakeIs', { amount: money(bet.stake) })} ·{' '}
                  {bet.status === 'open' || bet.status === 'pending'
                    ? t('sportsbook.potentialReturn', { amount: money(bet.potentialReturn) })
                    : t('sportsbook.returned', { amount: money(bet.returned) })}
                </p>
                {open === bet.id ? (
                  <dl className="sb-bet__legs">
                    {bet.legs.map((leg) => (
                      <div key={`${leg.marketId}:${leg.outcome}`}>
                        <dt>
                          {leg.eventName} · {legMarket(t, leg)}
                        </dt>
                        <dd>
                          {legOutcome(t, leg)} @ {leg.display}
                          {leg.result
                            ? ` · ${t(`sportsbook.status.${leg.result}`, { defaultValue: leg.result })}`
                            : ''}
                        </dd>
                      </div>
                    ))}
                    <div>
                      <dt>{t('sportsbook.placedAt')}</dt>
                      <dd>
                        #{bet.id} · {new Date(bet.createdAt).toLocaleString()}
                      </dd>
                    </div>
                  </dl>
                ) : null}
                {bet.status === 'open' && bet.kind === 'single' ? (
                  <button
                    type="button"
                    className="btn btn-secondary"
                    disabled={askQuote.isPending}
                    onClick={() => askQuote.mutate(bet)}
                  >
                    {t('sportsbook.cashOut')}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Tabs>
      <Dialog
        open={quote !== null}
        onClose={() => setQuote(null)}
        title={t('sportsbook.cashOut')}
        buttons={[
          { label: t('sportsbook.cancel'), variant: 'secondary', onClick: () => setQuote(null) },
          {
            label: cashOut.isPending ? t('sportsbook.placing') : t('sportsbook.confirmCashOut'),
            variant: 'primary',
            onClick: () => quote && cashOut.mutate(quote),
          },
        ]}
      >
        <p>{quote ? t('sportsbook.cashOutOffer', { amount: money(quote.value) }) : null}</p>
      </Dialog>
      <Dialog
        open={result !== null}
        onClose={() => setResult(null)}
        title={t('sportsbook.cashOut')}
        timeout={4_000}
      >
        <p role="status">{result}</p>
      </Dialog>
    </div>
  );
}

/**
 * The in-house sportsbook of /sports and /esports (issue 15 item 4): sport and league menu, today / early / in-play
 * lists, event pages with every market, the bet slip (a side panel on desktop, a drawer on phones) and my bets.
 * Prices and scores are pushed on the live socket. `vendors` is the third-party vendors' lobby, kept as a tab.
 */
export function Sportsbook({
  product,
  site,
  vendors,
}: {
  product: Product;
  site: GamesSite;
  vendors: ReactNode;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = (params.get('view') as 'book' | 'bets' | 'vendors' | null) ?? 'book';
  const section = (params.get('section') as Section | null) ?? 'today';
  const sport = params.get('sport');
  const league = params.get('league');
  const eventId = params.get('event');
  const odds = useOddsFormat();
  const [slip, setSlip] = useState<SlipSelection[]>(readSlip);
  useEffect(() => {
    writeStorage('session', slipStorageKey, slip.length > 0 ? JSON.stringify(slip) : null);
  }, [slip]);
  const [slipOpen, setSlipOpen] = useState(false);
  const slipState = useSlipState();
  const phone = useMediaQuery('(max-width: 767px)');
  const push = useSportsPush();

  const set = (next: Record<string, string | null>) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) copy.delete(k);
          else copy.set(k, v);
        }
        return copy;
      },
      { replace: false },
    );

  const sports = useQuery({
    queryKey: ['sports', 'sports', product],
    queryFn: () =>
      api<{ list: { sport: string; events: number; inPlay: number }[] }>('/wps/sports/sports', {
        query: { product },
      }),
  });
  const leagues = useQuery({
    queryKey: ['sports', 'leagues', product, sport, section],
    queryFn: () =>
      api<{ list: { id: string; name: string; events: number }[] }>('/wps/sports/leagues', {
        query: { product, sport, section },
      }),
  });
  const events = useQuery({
    queryKey: ['sports', 'events', product, sport, league, section],
    queryFn: () =>
      api<{ list: SportsListedEvent[] }>('/wps/sports/events', {
        query: { product, sport, league, section },
      }),
  });
  const pick = (s: SlipSelection) => setSlip((current) => toggleSelection(current, s));
  const list = useMemo(() => events.data?.list.slice(0, 40) ?? [], [events.data]);

  const slipPanel = (
    <BetSlip site={site} slip={slip} format={odds.format} setSlip={setSlip} odds={odds} state={slipState} />
  );

  return (
    <div className="sb" data-product={product}>
      <div className="sb-toolbar">
        <Tabs
          label={t('sportsbook.views')}
          tabs={[
            { id: 'book', label: t('sportsbook.book') },
            { id: 'bets', label: t('sportsbook.myBets') },
            { id: 'vendors', label: t('sportsbook.vendors') },
          ]}
          selected={view}
          onSelect={(id) => set({ view: id === 'book' ? null : id })}
        >
          {null}
        </Tabs>
        <label className="sb-format">
          <span>{t('sportsbook.oddsFormat')}</span>
          <select
            value={odds.format}
            data-testid="sb-odds-format"
            onChange={(e) => odds.setFormat(e.target.value as OddsFormat)}
          >
            {oddsFormats.map((f) => (
              <option key={f} value={f}>
                {t(`sportsbook.formats.${f}`)}
              </option>
            ))}
          </select>
        </label>
        {push !== 'open' ? (
          <span className="sb-muted" role="status">
            {t('sportsbook.reconnecting')}
          </span>
        ) : null}
      </div>
      {view === 'vendors' ? (
        vendors
      ) : view === 'bets' ? (
        <MyBets site={site} />
      ) : (
        <div className="sb-layout">
          <nav className="sb-menu" aria-label={t('sportsbook.sportsMenu')}>
            <ul>
              <li>
                <button
                  type="button"
                  aria-current={sport === null ? 'true' : undefined}
                  onClick={() => set({ sport: null, league: null, event: null })}
                >
                  {t('sportsbook.allSports')}
                </button>
              </li>
              {(sports.data?.list ?? []).map((s) => (
                <li key={s.sport}>
                  <button
                    type="button"
                    aria-current={sport === s.sport ? 'true' : undefined}
                    onClick={() => set({ sport: s.sport, league: null, event: null })}
                  >
                    {t(`sportsbook.sports.${s.sport}`, { defaultValue: s.sport })}{' '}
                    <span className="sb-count">{s.events}</span>
                    {s.inPlay > 0 ? <span className="sb-count sb-count--live">{s.inPlay}</span> : null}
                  </button>
                </li>
              ))}
            </ul>
            {(leagues.data?.list.length ?? 0) > 0 ? (
              <label className="sb-league">
                <span>{t('sportsbook.league')}</span>
                <select
                  value={league ?? ''}
                  onChange={(e) => set({ league: e.target.value || null, event: null })}
                >
                  <option value="">{t('sportsbook.allLeagues')}</option>
                  {leagues.data?.list.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name} ({l.events})
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </nav>
          <main className="sb-main">
            {eventId ? (
              <EventPage
                eventId={eventId}
                format={odds.format}
                slip={slip}
                onPick={pick}
                onBack={() => set({ event: null })}
              />
            ) : (
              <Tabs
                label={t('sportsbook.sections')}
                tabs={(['inplay', 'today', 'early'] as const).map((id) => ({
                  id,
                  label: t(`sportsbook.sectionNames.${id}`),
                }))}
                selected={section}
                onSelect={(id) => set({ section: id, league: null })}
              >
                {events.isPending ? (
                  <p className="sb-note" aria-busy="true">
                    {t('sportsbook.loading')}
                  </p>
                ) : events.isError ? (
                  <p className="sb-note" role="alert">
                    {t('sportsbook.error')}{' '}
                    <button type="button" className="btn btn-secondary" onClick={() => void events.refetch()}>
                      {t('common.retry')}
                    </button>
                  </p>
                ) : list.length === 0 ? (
                  <p className="sb-note">{t('sportsbook.noEvents')}</p>
                ) : (
                  <ul className="sb-events">
                    {list.map((e) => (
                      <EventRow
                        key={e.id}
                        event={e}
                        format={odds.format}
                        slip={slip}
                        onPick={pick}
                        onOpen={() => set({ event: e.id })}
                      />
                    ))}
                  </ul>
                )}
              </Tabs>
            )}
          </main>
          {phone ? null : (
            <aside className="sb-aside" aria-label={t('sportsbook.slip')}>
              <h2 className="sb-aside__title">{t('sportsbook.slipWith', { count: slip.length })}</h2>
              {slipPanel}
            </aside>
          )}
        </div>
      )}
      {phone && view === 'book' ? (
        <>
          <button
            type="button"
            className="btn btn-primary sb-slip-fab"
            data-testid="sb-slip-open"
            onClick={() => setSlipOpen(true)}
          >
            {t('sportsbook.slipWith', { count: slip.length })}
          </button>
          <Drawer open={slipOpen} onClose={() => setSlipOpen(false)} title={t('sportsbook.slip')}>
            {slipPanel}
          </Drawer>
        </>
      ) : null}
    </div>
  );
}
