import { minutesClock } from '@tala/contracts/calendar';
import '../../../components/form.css';
import './lottery.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { requireLogin } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import {
  gameDrawsQuery,
  gameMenuQuery,
  type LotteryDraw,
  type LotteryGame,
  myBetsQuery,
  type PrizeModeCode,
  resultsQuery,
} from '../api/lottery-api.ts';
import { useMoney } from '../lib/lottery-money.ts';
import { type ChaseChoice, ChaseOption, noChase, submitSlip } from './chase-option.tsx';
import { FavouriteButton, LobbyShortcuts } from './lobby-extras.tsx';
import { LotteryPicker, lineCount, quickPick, useBetTypeText, usePickLabel } from './lottery-picker.tsx';
import { LotteryStateNotice, useLotteryOpen } from './lottery-state.tsx';
import { MyChases } from './my-chases.tsx';
import { verifyLink } from './results-history.tsx';

const prizeModes: readonly PrizeModeCode[] = ['Lott', 'ZY', 'Elott', 'SEA'];
/** The prize tiers the texts name. */
type TierKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8';

/** The launch parameter lottoPrizeMode (§7), else the Lott mode. */
export function readPrizeMode(params: URLSearchParams): PrizeModeCode {
  const asked = params.get('lottoPrizeMode') ?? params.get('prizeMode');
  return prizeModes.find((m) => m === asked) ?? 'Lott';
}

const odds = (thousandths: number) =>
  (thousandths / 1000).toLocaleString(undefined, { maximumFractionDigits: 3 });

/** The lobby: every game of the in-house lottery, each opening its betting page. */
export function LotteryLobby({ prizeMode }: { prizeMode: PrizeModeCode }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const menu = useQuery(gameMenuQuery(prizeMode));
  return (
    <section className="lottery" aria-labelledby="lottery-lobby-title">
      <header className="lottery__head">
        <h1 id="lottery-lobby-title">{t('lobbyTitle')}</h1>
        <p className="lottery__muted">{t('lobbyLine')}</p>
      </header>
      {menu.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      <LobbyShortcuts games={menu.data?.list ?? []} prizeMode={prizeMode} />
      <ul className="lottery-games">
        {(menu.data?.list ?? []).map((game) => (
          <li key={game.gameCode} className="lottery-game-card">
            <div className="lottery-game-card__head">
              <h2>{t(`games.${game.gameCode}` as 'games.VNN1', { defaultValue: game.name })}</h2>
              <FavouriteButton game={game} />
            </div>
            <p className="lottery__muted">{t('every', { count: game.intervalSeconds / 60 })}</p>
            <Link
              className="btn btn-primary"
              to={`${paths.lottery}?gameCode=${game.gameCode}&lottoPrizeMode=${prizeMode}`}
              aria-label={t('openGame', {
                name: t(`games.${game.gameCode}` as 'games.VNN1', { defaultValue: game.name }),
              })}
            >
              {t('open')}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Seconds left until an instant, by the server's clock (its offset measured when the draws were read). */
function useCountdown(until: string | undefined, serverTime: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const offset = useMemo(() => (serverTime ? new Date(serverTime).getTime() - Date.now() : 0), [serverTime]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return null;
  return Math.max(0, Math.ceil((new Date(until).getTime() - (now + offset)) / 1000));
}

function DrawHeader({ game }: { game: LotteryGame }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const client = useQueryClient();
  const draws = useQuery(gameDrawsQuery(game.gameCode));
  const current = draws.data?.current ?? null;
  const left = useCountdown(current?.saleClosesAt, draws.data?.serverTime);
  const drawIn = useCountdown(current?.drawAt ?? draws.data?.next?.saleOpensAt, draws.data?.serverTime);
  useEffect(() => {
    // A new issue opens at each draw, and its result follows within moments: read the draws, the results and the
    // member's bets again then, and twice more while the draw's job finishes.
    if (drawIn !== 0) return;
    const refresh = () => {
      void client.invalidateQueries({ queryKey: ['lottery'] });
      // The member's bets and balance (a payout lands with the settlement).
      void client.invalidateQueries({ queryKey: [memberQueryRoot] });
    };
    refresh();
    const timers = [setTimeout(refresh, 3_000), setTimeout(refresh, 8_000)];
    return () => timers.forEach(clearTimeout);
  }, [drawIn, client]);
  const open = current && left !== null && left > 0;
  const shown = current ?? draws.data?.next ?? null;
  return (
    <div className="lottery-draw" aria-live="polite">
      <div>
        <p className="lottery__muted">{shown ? t('issue', { issueNo: shown.issueNo }) : '—'}</p>
        <p className="lottery-draw__clock" data-open={open ? 'true' : 'false'}>
          {open
            ? t('closesIn', { time: minutesClock(left) })
            : t('closed', { time: minutesClock(drawIn ?? 0) })}
        </p>
      </div>
      {shown?.resultSource === 'operator' ? (
        // A daily game mirroring an outside draw: no commitment, its result is entered by the operator (decision 042).
        <p className="lottery-draw__hash lottery__muted">{t('operatorResult')}</p>
      ) : shown?.serverSeedHash ? (
        <p className="lottery-draw__hash">
          <span className="lottery__muted">{t('commitment')}</span>{' '}
          <code title={shown.serverSeedHash}>{shown.serverSeedHash.slice(0, 16)}…</code>
        </p>
      ) : null}
    </div>
  );
}

function BetSlip({ game }: { game: LotteryGame }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const { format, parse } = useMoney();
  const client = useQueryClient();
  const [typeCode, setTypeCode] = useState(game.betTypes[0]?.code ?? 'lo2');
  const type = (game.betTypes.find((b) => b.code === typeCode) ??
    game.betTypes[0]) as LotteryGame['betTypes'][number];
  const [picks, setPicks] = useState<number[]>([]);
  const [stakeText, setStakeText] = useState('10');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [chase, setChase] = useState<ChaseChoice>(noChase);
  const open = useLotteryOpen();
  const draws = useQuery(gameDrawsQuery(game.gameCode));
  const stakeId = useId();
  const text = useBetTypeText();
  const pickLabel = usePickLabel();
  const lines = lineCount(type, picks);
  const stake = parse(stakeText);
  const total = typeof stake === 'number' ? stake * lines : null;

  const place = useMutation({
    mutationFn: () => {
      const current = draws.data?.current;
      if (!current) throw new ApiError(409, 'lottery_sale_closed', t('noIssue'));
      const body = {
        gameCode: game.gameCode,
        issueNo: current.issueNo,
        betType: type.code,
        prizeMode: game.prizeMode,
        picks,
        stakePerLine: typeof stake === 'number' ? stake : Number.NaN,
        requestId: `w${crypto.randomUUID().replaceAll('-', '')}`,
      };
      return submitSlip(body, chase);
    },
    onSuccess: (placed) => {
      const values = { issueNo: placed.issueNo, total: format(placed.total), issues: placed.issues };
      setMessage({ kind: 'ok', text: placed.chase ? t('chase.started', values) : t('placed', values) });
      setPicks([]);
      return client.invalidateQueries({ queryKey: [memberQueryRoot] });
    },
    onError: (error) => setMessage({ kind: 'error', text: error.message }),
  });

  return (
    <form
      className="lottery-slip"
      aria-label={t('betSlip')}
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        if (requireLogin()) place.mutate();
      }}
    >
      <fieldset className="lottery-types">
        <legend className="visually-hidden">{t('betType')}</legend>
        {game.betTypes.map((b) => (
          <button
            key={b.code}
            type="button"
            aria-pressed={b.code === type.code}
            onClick={() => {
              setTypeCode(b.code);
              setPicks([]);
            }}
          >
            {text.name(game.family, b.code)}{' '}
            <span className="lottery__odds">
              {b.pickOdds ? t('upTo', { odds: odds(b.odds) }) : `×${odds(b.odds)}`}
            </span>
          </button>
        ))}
      </fieldset>
      <p className="lottery__muted">{text.rule(game.family, type.code)}</p>
      <LotteryPicker key={type.code} type={type} picks={picks} onChange={setPicks} />
      <div className="lottery-slip__row">
        <button type="button" className="btn btn-secondary" onClick={() => setPicks(quickPick(type))}>
          {t('quickPick')}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setPicks([])}
          disabled={picks.length === 0}
        >
          {t('clear')}
        </button>
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={stakeId}>
          {t('stakePerLine', { min: format(type.stake.min), max: format(type.stake.max) })}
        </label>
        <input
          id={stakeId}
          className="form-field__input"
          inputMode="decimal"
          value={stakeText}
          onChange={(event) => setStakeText(event.target.value)}
        />
      </div>
      <p className="lottery-slip__total" aria-live="polite">
        {t('picked', {
          numbers:
            picks.map((p) => pickLabel(type, p)).join(type.positions || type.options ? ', ' : ' ') || '—',
        })}
        <br />
        {t('total', { lines, total: total === null ? '—' : format(total) })}
      </p>
      <ChaseOption
        value={chase}
        onChange={setChase}
        perIssue={total}
        intervalSeconds={game.intervalSeconds}
        issueNo={draws.data?.current?.issueNo}
      />
      <button type="submit" className="btn btn-primary" disabled={place.isPending || lines === 0 || !open}>
        {chase.on ? t('chase.place') : t('place')}
      </button>
      {message ? (
        <p
          role={message.kind === 'error' ? 'alert' : 'status'}
          className={`form-message form-message--${message.kind === 'ok' ? 'success' : 'error'}`}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

function Results({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const results = useQuery(resultsQuery(gameCode));
  const list = results.data?.list ?? [];
  return (
    <section className="lottery-panel" aria-labelledby="lottery-results">
      <h2 id="lottery-results">{t('results')}</h2>
      {list.length === 0 ? <p className="lottery__muted">{t('noResults')}</p> : null}
      <ol className="lottery-results">
        {list.map((draw) => (
          <ResultRow key={draw.drawId} draw={draw} />
        ))}
      </ol>
    </section>
  );
}

function ResultRow({ draw }: { draw: LotteryDraw }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const prizes = (draw.result as { prizes?: string[][] } | null)?.prizes ?? [];
  return (
    <li>
      <details>
        <summary>
          <span>{draw.issueNo}</span>
          <span className="visually-hidden">{prizes.length ? t('special') : t('result')}</span>
          <strong className="lottery-special">
            {prizes[0]?.[0] ?? (draw.balls?.length ? draw.balls.join(' ') : '—')}
          </strong>
        </summary>
        <dl className="lottery-prizes">
          {prizes.map((tier, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers are positional
            <div key={i}>
              <dt>{t(`tier.${String(i) as TierKey}`)}</dt>
              <dd>{tier.join(' · ')}</dd>
            </div>
          ))}
        </dl>
        <p className="lottery__muted lottery-draw__hash">
          {t('seed')} <code>{draw.serverSeed}</code>
        </p>
        <Link to={verifyLink(draw)}>{t('verify.link')}</Link>
      </details>
    </li>
  );
}

/** A bet's numbers as the bet type writes them; a long list is cut to its first ten. */
function betNumbers(picks: number[], label: (pick: number) => string) {
  const shown = picks.slice(0, 10).map(label);
  return picks.length > 10 ? `${shown.join(' ')} … (${picks.length})` : shown.join(' ');
}

function MyBets({ gameCode, game }: { gameCode: string; game: LotteryGame }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const text = useBetTypeText();
  const pickLabel = usePickLabel();
  const typeOf = (betType: string) => game.betTypes.find((b) => b.code === betType);
  const token = useSessionToken();
  const { format } = useMoney();
  const bets = useQuery({ ...myBetsQuery(gameCode), enabled: Boolean(token) });
  return (
    <section className="lottery-panel" aria-labelledby="lottery-my-bets">
      <h2 id="lottery-my-bets">{t('myBets')}</h2>
      {!token ? <p className="lottery__muted">{t('loginToSee')}</p> : null}
      {token && (bets.data?.list.length ?? 0) === 0 ? <p className="lottery__muted">{t('noBets')}</p> : null}
      <ul className="lottery-bets">
        {(bets.data?.list ?? []).map((bet) => (
          <li key={bet.betId} data-status={bet.status}>
            <span>
              {bet.issueNo} · {text.name(game.family, bet.betType)} ·{' '}
              {betNumbers(bet.picks, (p) => pickLabel(typeOf(bet.betType), p))}
              {bet.chaseId ? ` · ${t('chase.tag')}` : ''}
            </span>
            <span>
              {format(bet.stake)} · {t(`status.${bet.status}`)}
              {bet.win > 0 ? ` · ${format(bet.win)}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A game's betting page: the issue on sale with its countdown and commitment, the bet slip, results, my bets. */
export function LotteryBetting({ gameCode, prizeMode }: { gameCode: string; prizeMode: PrizeModeCode }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery' });
  const menu = useQuery(gameMenuQuery(prizeMode));
  const game = menu.data?.list.find((g) => g.gameCode === gameCode);
  if (menu.isPending) return <p className="lottery__muted">{t('loading')}</p>;
  if (!game)
    return (
      <section className="lottery">
        <p role="alert">{t('unknownGame')}</p>
        <Link to={paths.lottery}>{t('backToLobby')}</Link>
      </section>
    );
  return (
    <section className="lottery" aria-labelledby="lottery-game-title">
      <header className="lottery__head lottery__head--game">
        <Link to={`${paths.lottery}?lottoPrizeMode=${prizeMode}`}>{t('backToLobby')}</Link>
        <h1 id="lottery-game-title">
          {t(`games.${game.gameCode}` as 'games.VNN1', { defaultValue: game.name })}
        </h1>
        <p className="lottery-links">
          <Link to={`${paths.lotteryHistory}?gameCode=${game.gameCode}&lottoPrizeMode=${prizeMode}`}>
            {t('history.open')}
          </Link>
          <Link to={paths.lotteryVerify}>{t('verify.title')}</Link>
        </p>
      </header>
      <LotteryStateNotice />
      <DrawHeader game={game} />
      <div className="lottery-layout">
        <BetSlip key={game.gameCode} game={game} />
        <div className="lottery-side">
          <MyChases gameCode={game.gameCode} />
          <MyBets gameCode={game.gameCode} game={game} />
          <Results gameCode={game.gameCode} />
        </div>
      </div>
    </section>
  );
}
