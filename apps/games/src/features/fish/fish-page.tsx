import { type FishKind, fishKinds, fishSeatIdleSeconds } from '@tala/contracts/fish';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money, newRequestId, rememberCurrency } from '../../lib/format.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { Dialog } from '../slot/dialog.tsx';
import { fishApi } from './fish-api.ts';
import { FishFairPanel } from './fish-fair.tsx';
import { FishRecall } from './fish-recall.tsx';
import { bulletMs, type Cannon, FishStage, type Scene } from './fish-stage.tsx';
import {
  aimAngle,
  cannonAt,
  clampAngle,
  createLimiter,
  fishAtPoint,
  fishNearLine,
  fishOnLine,
  nearestOfKind,
  newClientSeed,
  type SwimmingFish,
  stepBet,
  swimming,
  waveMs,
} from './logic.ts';
import { type ShotFrame, useFishRoom, withShot } from './use-fish-room.ts';
import '../live/live.css';
import './fish.css';

export function FishPage() {
  const { code = '' } = useParams();
  return <FishRoomPage key={code} code={code} />;
}

/** A caught fish bursts where it swims now, its win rising over it (after the bullet's flight). */
function catchEffect(s: Scene, fishId: number, text: string, mine: boolean) {
  const spawn = s.wave?.fish.find((f) => f.id === fishId);
  if (!spawn || !s.wave) return;
  const ms = waveMs(s.wave, Date.now() + s.offset);
  const fish = swimming(s.wave, new Set(), ms).find((f) => f.id === fishId);
  if (!fish) return;
  s.effects.push({
    x: fish.x,
    y: fish.y,
    kind: fish.kind,
    heading: fish.heading,
    text,
    born: performance.now() + bulletMs,
    mine,
  });
}

type Note = { tone: 'win' | 'info' | 'error'; text: string };

function FishRoomPage({ code }: { code: string }) {
  const { t } = useTranslation();
  const token = sessionToken();
  const scene = useRef<Scene>({
    wave: null,
    caught: new Set(),
    offset: 0,
    cannons: [],
    bullets: [],
    effects: [],
    target: null,
    myAngle: -Math.PI / 2,
  });
  const [symbol, setSymbol] = useState('P');
  const mySeatRef = useRef<number | null>(null);
  const symbolRef = useRef(symbol);
  symbolRef.current = symbol;

  // Another seat's shot: its cannon turns, its bullet flies, and a catch bursts with its win.
  const onShot = useCallback((frame: ShotFrame) => {
    const s = scene.current;
    if (frame.seat === mySeatRef.current) return;
    s.bullets.push({
      slot: frame.seat,
      fishId: frame.fishId,
      angle: frame.angle,
      born: performance.now(),
      mine: false,
    });
    for (const c of s.cannons) if (c.slot === frame.seat) c.angle = frame.angle;
    if (frame.caught)
      catchEffect(s, frame.fishId, frame.win > 0 ? `+${money(frame.win, symbolRef.current)}` : '', false);
  }, []);
  const view = useFishRoom(code, currentLanguage(), onShot);
  const { room, wave, seats, mySeat, offset, reload, adopt, setState } = view;
  mySeatRef.current = mySeat;

  const [bet, setBet] = useState<number | null>(null);
  const [lock, setLock] = useState<FishKind | 'off'>('off');
  const [note, setNote] = useState<Note | null>(null);
  const [left, setLeft] = useState(false);
  const [seatError, setSeatError] = useState<string | null>(null);
  const [panel, setPanel] = useState<'recall' | 'fair' | null>(null);
  const [lastCatch, setLastCatch] = useState<{ kind: FishKind; multiplier: number; win: number } | null>(
    null,
  );
  const [totals, setTotals] = useState({ shots: 0, bet: 0, win: 0 });
  // A note over the sea fades after a few seconds (a refusal stays a little longer); the last catch stays below.
  useEffect(() => {
    if (!note) return;
    const timer = window.setTimeout(() => setNote(null), note.tone === 'error' ? 6_000 : 3_000);
    return () => window.clearTimeout(timer);
  }, [note]);
  const limiter = useMemo(() => createLimiter(room?.shotsPerSecond ?? 5), [room?.shotsPerSecond]);

  // The balance: the last one the server answered, less the bets of the shots still in flight.
  const known = useRef<{ balance: number | null; order: number }>({ balance: null, order: -1 });
  const inFlight = useRef(0);
  const [balance, setBalance] = useState<number | null>(null);
  const showBalance = useCallback(() => {
    const b = known.current.balance;
    setBalance(b === null ? null : b - inFlight.current);
  }, []);

  const describe = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) return e.code === 'network' ? t('errorNetwork') : e.message;
      return t('errorGeneric');
    },
    [t],
  );

  const refreshBalance = useCallback(async () => {
    if (!token) return;
    try {
      const m = await api.balance();
      rememberCurrency(m);
      setSymbol(m.currencySymbol);
      known.current = { balance: m.amount, order: known.current.order };
      showBalance();
    } catch (e) {
      setNote({ tone: 'error', text: describe(e) });
    }
  }, [token, describe, showBalance]);
  useEffect(() => {
    void refreshBalance();
  }, [refreshBalance]);

  // Sit on open (a fresh client seed from this browser), unless the member left or the room is closed; leave on close.
  const sitting = useRef(false);
  const sit = useCallback(async () => {
    if (!token || sitting.current) return;
    sitting.current = true;
    setSeatError(null);
    const sent = Date.now();
    try {
      adopt(await fishApi.sit(code, newClientSeed()), sent);
      setLeft(false);
    } catch (e) {
      setSeatError(describe(e));
    } finally {
      sitting.current = false;
    }
  }, [token, code, adopt, describe]);
  const roomLoaded = room !== undefined;
  const maintenance = room?.maintenance ?? false;
  useEffect(() => {
    if (roomLoaded && !maintenance && mySeat === null && !left && !seatError) void sit();
  }, [roomLoaded, maintenance, mySeat, left, seatError, sit]);
  useEffect(
    () => () => {
      if (mySeatRef.current !== null) void fishApi.leave(code).catch(() => undefined);
    },
    [code],
  );

  // A new seat's cannon starts pointing into the sea (the top seats face down).
  useEffect(() => {
    if (mySeat !== null) scene.current.myAngle = cannonAt(mySeat).rest;
  }, [mySeat]);

  // A seat no shot or ping has kept for a minute is freed: a watching member's is kept alive.
  const seatedNow = mySeat !== null && !left;
  useEffect(() => {
    if (!seatedNow) return;
    const timer = window.setInterval(
      () => void fishApi.ping(code).catch(() => undefined),
      (fishSeatIdleSeconds * 1000) / 3,
    );
    return () => window.clearInterval(timer);
  }, [seatedNow, code]);

  async function leave() {
    setLeft(true);
    setNote({ tone: 'info', text: t('fishLeft') });
    const sent = Date.now();
    try {
      adopt(await fishApi.leave(code), sent);
    } catch (e) {
      setNote({ tone: 'error', text: describe(e) });
      await reload();
    }
  }

  // A wave frame missed (a sleeping tab, a socket not yet back): the room is read again once the wave is over.
  const waveEnds = wave ? Date.parse(wave.endsAt) : Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!Number.isFinite(waveEnds)) return;
    let last = 0;
    const timer = window.setInterval(() => {
      const now = Date.now();
      if (now + offset > waveEnds + 2_500 && now - last > 3_000) {
        last = now;
        void reload();
      }
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [waveEnds, offset, reload]);

  // The room's bets: the smallest to start, kept within the list.
  const bets = room?.bets ?? [];
  const currentBet = bet !== null && bets.includes(bet) ? bet : (bets[0] ?? 0);

  // The scene follows the state the page holds.
  scene.current.wave = wave;
  scene.current.offset = offset;
  scene.current.caught = new Set(wave?.caught ?? []);
  scene.current.cannons = seats.map(
    (seat): Cannon => ({
      slot: seat.seat,
      name: seat.mine ? t('fishYou') : seat.name,
      bet: seat.mine ? currentBet : seat.bet,
      betText: money(seat.mine ? currentBet : seat.bet, symbol),
      angle: seat.mine
        ? scene.current.myAngle
        : (scene.current.cannons.find((c) => c.slot === seat.seat)?.angle ?? cannonAt(seat.seat).rest),
      mine: seat.mine,
    }),
  );

  const seated = mySeat !== null && !left;
  const canShoot = seated && !maintenance && wave !== null && token !== null;

  function liveFish(): SwimmingFish[] {
    const s = scene.current;
    if (!s.wave) return [];
    return swimming(s.wave, s.caught, waveMs(s.wave, Date.now() + s.offset));
  }

  /** The fish a shot now would go for: the locked kind's nearest, else the one on the aim line. */
  function aimedFish(point?: { x: number; y: number }): SwimmingFish | null {
    if (mySeat === null) return null;
    const cannon = cannonAt(mySeat);
    const fish = liveFish();
    if (lock !== 'off') return nearestOfKind(fish, lock, cannon);
    if (point)
      return (
        fishAtPoint(fish, point) ?? fishOnLine(fish, cannon, clampAngle(aimAngle(cannon, point), cannon.rest))
      );
    return fishNearLine(fish, cannon, scene.current.myAngle);
  }

  async function shoot(target: SwimmingFish | null) {
    if (!canShoot || !room || !wave || mySeat === null) return;
    if (!target) {
      setNote({
        tone: 'info',
        text: lock === 'off' ? t('fishNoTarget') : t('fishNoKind', { fish: t(`fishKind_${lock}`) }),
      });
      return;
    }
    const now = Date.now();
    if (!limiter.take(now)) {
      setNote({ tone: 'info', text: t('fishTooFast', { count: room.shotsPerSecond }) });
      return;
    }
    if (balance !== null && balance < currentBet) {
      limiter.giveBack();
      setNote({ tone: 'error', text: t('fishBalanceLow') });
      return;
    }
    const cannon = cannonAt(mySeat);
    const angle = clampAngle(aimAngle(cannon, target), cannon.rest);
    scene.current.myAngle = angle;
    scene.current.target = target.id;
    scene.current.bullets.push({
      slot: mySeat,
      fishId: target.id,
      angle,
      born: performance.now(),
      mine: true,
    });
    inFlight.current += currentBet;
    showBalance();
    try {
      const result = await fishApi.shoot({
        requestId: newRequestId(),
        roomCode: code,
        waveNo: wave.waveNo,
        fishId: target.id,
        bet: currentBet,
        angle,
      });
      inFlight.current -= currentBet;
      // Answers may come back out of order: the balance of the latest shot settled (wave, then shot number) wins.
      const order = result.waveNo * 1_000_000 + result.nonce;
      if (order >= known.current.order) known.current = { balance: result.balance, order };
      showBalance();
      setTotals((s) => ({ shots: s.shots + 1, bet: s.bet + result.bet, win: s.win + result.win }));
      if (result.caught) {
        catchEffect(scene.current, result.fishId, `+${money(result.win, symbol)}`, true);
        setState((s) => ({
          ...s,
          wave: withShot(s.wave, {
            type: 'fishShot',
            roomCode: code,
            waveNo: result.waveNo,
            seat: mySeat,
            angle,
            fishId: result.fishId,
            bet: result.bet,
            caught: true,
            multiplier: result.multiplier,
            win: result.win,
          }),
        }));
        setLastCatch({ kind: result.kind, multiplier: result.multiplier, win: result.win });
        setNote({
          tone: 'win',
          text: t('fishCaught', {
            fish: t(`fishKind_${result.kind}`),
            multiplier: result.multiplier,
            amount: money(result.win, symbol),
          }),
        });
      }
    } catch (e) {
      inFlight.current -= currentBet;
      showBalance();
      const codeOf = e instanceof ApiError ? e.code : '';
      if (codeOf === 'fish_shot_rate')
        setNote({ tone: 'info', text: t('fishTooFast', { count: room.shotsPerSecond }) });
      else if (codeOf === 'fish_already_caught' || codeOf === 'fish_not_on_screen') {
        // Someone else was quicker, or the fish swam off: nothing was charged; not worth an alarm.
        limiter.giveBack();
        setNote({ tone: 'info', text: describe(e) });
        void reload();
      } else {
        // A refusal fired nothing: the limiter forgets it. A wave that moved on or a fish gone is reloaded.
        limiter.giveBack();
        setNote({ tone: 'error', text: describe(e) });
        // A seat lost (idle, or taken back by the server) is taken again by the reload and the sit on open.
        void reload();
        void refreshBalance();
      }
    }
  }

  // Holding the pointer (or the trigger) keeps firing at the room's cap, at the fish under it.
  const hold = useRef<{ point: { x: number; y: number }; timer: number } | null>(null);
  useEffect(() => {
    // A trigger held when the tab is hidden or the window loses focus is let go (its pointerup never comes).
    const release = () => {
      if (hold.current) window.clearInterval(hold.current.timer);
      hold.current = null;
    };
    const onVisibility = () => {
      if (document.hidden) release();
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', release);
    return () => {
      release();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', release);
    };
  }, []);
  function onPointer(phase: 'down' | 'move' | 'up', point: { x: number; y: number }) {
    if (phase === 'up') {
      if (hold.current) window.clearInterval(hold.current.timer);
      hold.current = null;
      return;
    }
    if (mySeat === null) return;
    const cannon = cannonAt(mySeat);
    scene.current.myAngle = clampAngle(aimAngle(cannon, point), cannon.rest);
    if (phase === 'move') {
      if (hold.current) hold.current.point = point;
      return;
    }
    const fire = () => void shoot(aimedFish(hold.current?.point ?? point));
    fire();
    const every = Math.max(120, Math.ceil(1000 / Math.max(1, room?.shotsPerSecond ?? 5)));
    if (hold.current) window.clearInterval(hold.current.timer);
    hold.current = { point, timer: window.setInterval(fire, every) };
  }

  function onKey(event: React.KeyboardEvent<HTMLCanvasElement>) {
    if (mySeat === null) return;
    const cannon = cannonAt(mySeat);
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const step = (event.key === 'ArrowLeft' ? -1 : 1) * (cannon.rest > 0 ? -1 : 1) * 0.06;
      scene.current.myAngle = clampAngle(scene.current.myAngle + step, cannon.rest);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      void shoot(aimedFish());
    } else if (event.key === '+' || event.key === '=' || event.key === 'ArrowUp') {
      event.preventDefault();
      setBet(stepBet(bets, currentBet, 1));
    } else if (event.key === '-' || event.key === '_' || event.key === 'ArrowDown') {
      event.preventDefault();
      setBet(stepBet(bets, currentBet, -1));
    }
  }

  if (view.error && !room) {
    return (
      <main className="page page--center">
        <p role="alert">
          {view.error instanceof ApiError && view.error.code !== 'network'
            ? view.error.message
            : t('errorNetwork')}
        </p>
        <button type="button" onClick={() => void reload()}>
          {t('retry')}
        </button>
        <Link to="/">{t('backToGames')}</Link>
      </main>
    );
  }
  if (!room) {
    return (
      <main className="page page--center">
        <p role="status">{t('loading')}</p>
      </main>
    );
  }

  const kindsOnScreen = wave ? fishKinds.filter((k) => wave.fish.some((f) => f.kind === k)) : [];
  return (
    <main className="fish">
      <header className="fish__header">
        <div>
          <h1>{room.name}</h1>
          <p className="fish__limits">
            {t('fishBets', { from: money(bets[0] ?? 0, symbol), to: money(bets.at(-1) ?? 0, symbol) })} ·{' '}
            {t('fishRtp', { rtp: (room.rtpBps / 100).toFixed(2) })} ·{' '}
            {t('fishCap', { count: room.shotsPerSecond })}
          </p>
        </div>
        <nav className="fish__panels" aria-label={room.name}>
          {token ? (
            <button type="button" onClick={() => setPanel('recall')}>
              {t('fishRecallButton')}
            </button>
          ) : null}
          <button type="button" onClick={() => setPanel('fair')}>
            {t('fairness')}
          </button>
        </nav>
        <Toolbar />
      </header>

      <section className="fish__status" aria-live="polite">
        {maintenance ? (
          <p role="status" data-testid="fish-maintenance">
            {t('fishMaintenance')}
          </p>
        ) : wave ? (
          <span data-testid="wave-no">{t('fishWaveNumber', { n: wave.waveNo })}</span>
        ) : (
          <span>{t('fishPreparing')}</span>
        )}
        <span className="fish__seats" data-testid="seats-taken">
          {t('fishSeatsTaken', { taken: seats.length, seats: room.seats })}
        </span>
        {view.reconnecting ? <span className="fish__reconnecting">{t('reconnecting')}</span> : null}
      </section>

      <div className="fish__stage">
        <FishStage scene={scene} label={t('fishSeaLabel')} onPointer={onPointer} onKey={onKey} />
        <p className="fish__turn">{t('fishTurnPhone')}</p>
        {note ? (
          <p
            className={`fish__note fish__note--${note.tone}`}
            role={note.tone === 'error' ? 'alert' : 'status'}
            data-testid="fish-note"
          >
            {note.text}
          </p>
        ) : null}
      </div>

      {!token ? (
        <p className="fish__login" data-testid="login-to-play">
          {t('fishLoginToPlay')}
        </p>
      ) : (
        <section className="fish__controls" aria-label={t('fishControls')}>
          <div className="fish__balance">
            <span>{t('balance')}</span>
            <strong data-testid="balance">{balance === null ? '…' : money(balance, symbol)}</strong>
          </div>
          <fieldset className="fish__bet">
            <legend className="visually-hidden">{t('bet')}</legend>
            <button
              type="button"
              aria-label={t('betDown')}
              disabled={currentBet === bets[0]}
              onClick={() => setBet(stepBet(bets, currentBet, -1))}
            >
              −
            </button>
            <label>
              <span className="visually-hidden">{t('bet')}</span>
              <select value={currentBet} data-testid="bet" onChange={(e) => setBet(Number(e.target.value))}>
                {bets.map((b) => (
                  <option key={b} value={b}>
                    {money(b, symbol)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              aria-label={t('betUp')}
              disabled={currentBet === bets.at(-1)}
              onClick={() => setBet(stepBet(bets, currentBet, 1))}
            >
              +
            </button>
          </fieldset>
          <label className="fish__lock">
            <span>{t('fishLock')}</span>
            <select value={lock} onChange={(e) => setLock(e.target.value as FishKind | 'off')}>
              <option value="off">{t('fishLockOff')}</option>
              {(kindsOnScreen.length ? kindsOnScreen : fishKinds).map((k) => (
                <option key={k} value={k}>
                  {t(`fishKind_${k}`)}
                </option>
              ))}
            </select>
          </label>
          {seated ? (
            <>
              <button
                type="button"
                className="fish__fire"
                disabled={!canShoot}
                onClick={() => void shoot(aimedFish())}
              >
                {t('fishFire')}
              </button>
              <button type="button" className="fish__leave" onClick={() => void leave()}>
                {t('fishLeave')}
              </button>
            </>
          ) : (
            <button type="button" className="fish__fire" disabled={maintenance} onClick={() => void sit()}>
              {t('fishSit')}
            </button>
          )}
          <p className="fish__session" data-testid="session-totals">
            {t('fishSession', {
              shots: totals.shots,
              bet: money(totals.bet, symbol),
              win: money(totals.win, symbol),
            })}
          </p>
          {lastCatch ? (
            <p className="fish__last" data-testid="last-catch">
              {t('fishLastCatch', {
                fish: t(`fishKind_${lastCatch.kind}`),
                multiplier: lastCatch.multiplier,
                amount: money(lastCatch.win, symbol),
              })}
            </p>
          ) : null}
          {seatError ? (
            <p className="fish__seat-error" role="alert">
              {seatError}
            </p>
          ) : null}
          <p className="fish__hint">{t('fishHint')}</p>
        </section>
      )}

      <Dialog open={panel === 'recall'} title={t('fishRecallButton')} onClose={() => setPanel(null)}>
        <FishRecall code={code} symbol={symbol} />
      </Dialog>
      <Dialog open={panel === 'fair'} title={t('fairness')} onClose={() => setPanel(null)}>
        <FishFairPanel wave={wave} clientSeed={view.clientSeed} nonce={view.nonce} room={room} />
      </Dialog>
    </main>
  );
}
