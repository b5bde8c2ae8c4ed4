import type { BingoCardView, BingoPatternCode } from '@tala/contracts/bingo';
import { minutesClock } from '@tala/contracts/calendar';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money, newRequestId, rememberCurrency } from '../../lib/format.ts';
import { currentLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { useServerNow } from '../live/use-table.ts';
import { Dialog } from '../slot/dialog.tsx';
import { bingoApi, type RecallGame } from './bingo-api.ts';
import { BingoCardGrid } from './bingo-card.tsx';
import { BingoFairPanel } from './bingo-fair.tsx';
import { BingoRecall } from './bingo-recall.tsx';
import { BuyPanel } from './buy-panel.tsx';
import {
  cardsLeftToBuy,
  clampCount,
  engineCard,
  gamePhase,
  myWinningCards,
  newClientSeed,
  nextPrize,
  secondsLeft,
  toGo,
  verifyGame,
} from './logic.ts';
import { RoomChat } from './room-chat.tsx';
import { BallPanel, CallBoard, PrizeList } from './room-parts.tsx';
import { useRoom } from './use-room.ts';
import '../live/live.css';
import './bingo.css';

export function RoomPage() {
  const { code = '' } = useParams();
  return <Room key={code} code={code} />;
}

const phaseTexts = {
  sale: 'bingoOnSale',
  starting: 'bingoStarting',
  drawing: 'bingoDrawing',
  over: 'bingoOver',
  void: 'bingoVoid',
} as const;

function Room({ code }: { code: string }) {
  const { t } = useTranslation();
  const token = sessionToken();
  const { room, round, offset, error: loadError, reconnecting, reload } = useRoom(code, currentLanguage());
  const now = useServerNow(offset);

  const [symbol, setSymbol] = useState('P');
  const [balance, setBalance] = useState<number>();
  const [cards, setCards] = useState<{ roundNo: number; list: BingoCardView[] }>({ roundNo: -1, list: [] });
  const [recall, setRecall] = useState<RecallGame[]>();
  const [recallOpen, setRecallOpen] = useState(false);
  const [count, setCount] = useState(1);
  const [clientSeed, setClientSeed] = useState(newClientSeed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The purchase last sent and not answered: a retry of the same one keeps its request id. */
  const unanswered = useRef<{ key: string; requestId: string } | null>(null);

  const describe = useCallback(
    (e: unknown) => {
      if (e instanceof ApiError) return e.code === 'network' ? t('errorNetwork') : e.message;
      return t('errorGeneric');
    },
    [t],
  );

  const roundNo = round?.roundNo ?? -1;
  const status = round?.status;

  const refreshMember = useCallback(async () => {
    if (!token) return;
    try {
      const [m, r] = await Promise.all([api.balance(), bingoApi.recall(code)]);
      rememberCurrency(m);
      setSymbol(m.currencySymbol);
      setBalance(m.amount);
      setRecall(r);
    } catch (e) {
      setError(describe(e));
    }
  }, [token, code, describe]);

  useEffect(() => {
    void refreshMember();
  }, [refreshMember]);

  // The member's cards in the game now: fetched when a game begins (a reload mid-game finds them), and again when
  // it is settled (what each card won).
  useEffect(() => {
    if (!token || roundNo < 0) return;
    let live = true;
    bingoApi.cards(code, roundNo).then(
      (list) => {
        if (live) setCards({ roundNo, list });
      },
      (e: unknown) => {
        if (live) setError(describe(e));
      },
    );
    if (status === 'settled' || status === 'void') void refreshMember();
    return () => {
      live = false;
    };
  }, [token, code, roundNo, status, describe, refreshMember]);

  // A new game: a fresh purchase key and count.
  useEffect(() => {
    if (roundNo < 0) return;
    unanswered.current = null;
    setCount(1);
  }, [roundNo]);

  // A frame missed (a sleeping tab, a socket not yet back): the room is read again once it is overdue.
  const overdue = useMemo(() => {
    if (!round || !room) return Number.POSITIVE_INFINITY;
    if (round.status === 'settled' || round.status === 'void') return Date.parse(round.endsAt) + 2_500;
    if (round.status === 'drawing' && round.nextBallAt) return Date.parse(round.nextBallAt) + 3_000;
    return Date.parse(round.closesAt) + room.ballMs + 3_000;
  }, [round, room]);
  // While cards are on sale the socket is quiet (it speaks when a game opens, at each ball and at the end): the
  // room is read every few seconds then, so that the pools grow with the sales.
  const selling = round?.status === 'open' && now < Date.parse(round.closesAt);
  const lastReload = useRef(0);
  useEffect(() => {
    const since = Date.now() - lastReload.current;
    if ((now > overdue && since > 3_000) || (selling && since > 4_000)) {
      lastReload.current = Date.now();
      void reload();
    }
  }, [now, overdue, selling, reload]);

  const game = room?.game ?? 'bingo75';
  const myCards = cards.roundNo === roundNo ? cards.list : [];
  const calls = round?.calls ?? [];
  const called = useMemo(() => new Set(calls), [calls]);
  const next = room ? nextPrize(room, round) : null;

  // Which of my cards won which prize (the socket's frames leave `mine` empty: the cards tell).
  const winsByPattern = useMemo(() => {
    const byPattern: Partial<Record<BingoPatternCode, number[]>> = {};
    const byCard = new Map<number, BingoPatternCode[]>();
    if (!round) return { byPattern, byCard };
    for (const winner of round.winners) {
      const ids = myWinningCards(game, myCards, winner, round.calls);
      if (!ids.length) continue;
      byPattern[winner.pattern] = myCards.filter((c) => ids.includes(c.id)).map((c) => c.cardNo);
      for (const id of ids) byCard.set(id, [...(byCard.get(id) ?? []), winner.pattern]);
    }
    return { byPattern, byCard };
  }, [round, myCards, game]);

  const verification = useMemo(() => {
    if (!round?.serverSeed) return null;
    try {
      return verifyGame(game, round, myCards);
    } catch {
      return { seedMatches: false, callsMatch: false, cardsMatch: false };
    }
  }, [round, myCards, game]);

  async function buy() {
    if (!room || !round || busy) return;
    const n = clampCount(count, cardsLeftToBuy(room, myCards.length));
    if (n <= 0) return;
    const key = `${round.roundNo}:${n}:${clientSeed}`;
    const requestId = unanswered.current?.key === key ? unanswered.current.requestId : newRequestId();
    unanswered.current = { key, requestId };
    setBusy(true);
    setError(null);
    try {
      const answer = await bingoApi.buy({
        roomCode: code,
        roundNo: round.roundNo,
        requestId,
        count: n,
        clientSeed,
      });
      unanswered.current = null;
      setBalance(answer.balance);
      setCards((held) => {
        const list = held.roundNo === round.roundNo ? held.list : [];
        const known = new Set(list.map((c) => c.id));
        return {
          roundNo: round.roundNo,
          list: [...list, ...answer.cards.filter((c) => !known.has(c.id))].sort(
            (a, b) => a.cardNo - b.cardNo,
          ),
        };
      });
      setCount(1);
      void reload();
    } catch (e) {
      // Only a request the server never answered may be the same purchase again; a refusal is final.
      if (!(e instanceof ApiError && e.code === 'network')) unanswered.current = null;
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  }

  if (loadError && !room) {
    return (
      <main className="page page--center">
        <p role="alert">
          {loadError instanceof ApiError && loadError.code !== 'network'
            ? loadError.message
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

  const phase = round ? gamePhase(round, now) : null;
  const onSale = phase === 'sale' && !room.maintenance;
  const inPlay = phase === 'sale' || phase === 'starting' || phase === 'drawing';
  const most = cardsLeftToBuy(room, myCards.length);
  const nextBallIn = phase === 'drawing' && round?.nextBallAt ? secondsLeft(round.nextBallAt, now) : null;
  const myWon = myCards.reduce((sum, c) => sum + c.won, 0);
  const wonThisGame = Object.values(winsByPattern.byPattern).some((list) => list && list.length > 0);
  const stake = myCards.length * room.cardPrice;

  return (
    <main className="live bingo">
      <header className="live__header">
        <div>
          <h1>{room.name}</h1>
          <p className="live__limits">
            {t(`bingoGame_${game}`)} · {t('bingoCardPrice', { price: money(room.cardPrice, symbol) })} ·{' '}
            {t('bingoRtp', { rtp: room.rtp })}
          </p>
        </div>
        <nav className="slot__panels" aria-label={room.name}>
          {token ? (
            <button type="button" onClick={() => setRecallOpen(true)}>
              {t('bingoRecallButton')}
            </button>
          ) : null}
        </nav>
        <Toolbar />
      </header>

      <div className="bingo__sticky">
        <section className="live__status" aria-live="polite">
          {room.maintenance ? (
            <p role="status">{t('bingoMaintenance')}</p>
          ) : !round || !phase ? (
            <p role="status">{t('bingoPreparing')}</p>
          ) : (
            <>
              <span className="live__round" data-testid="round-no">
                {t('bingoGameNumber', { n: round.roundNo })}
              </span>
              <strong className={`live__phase bingo__phase--${phase}`} data-testid="phase" data-phase={phase}>
                {phase === 'drawing'
                  ? t('bingoDrawingBall', { n: round.calls.length })
                  : t(phaseTexts[phase])}
              </strong>
              {phase === 'sale' ? (
                <span className="live__countdown" data-testid="countdown" role="timer">
                  {t('bingoStartsIn', { count: secondsLeft(round.closesAt, now) })}
                </span>
              ) : phase === 'over' || phase === 'void' ? (
                <span className="live__countdown" data-testid="countdown" role="timer">
                  {now < Date.parse(round.endsAt)
                    ? t('bingoNextGameIn', { time: minutesClock(secondsLeft(round.endsAt, now)) })
                    : t('bingoPreparing')}
                </span>
              ) : null}
            </>
          )}
          {reconnecting ? <span className="live__reconnecting">{t('reconnecting')}</span> : null}
        </section>
        {round &&
        (phase === 'drawing' || phase === 'starting' || (phase === 'over' && round.calls.length > 0)) ? (
          <BallPanel game={game} round={round} nextBallIn={nextBallIn} />
        ) : null}
      </div>

      {error ? (
        <p className="slot__error" role="alert">
          {error}
        </p>
      ) : null}

      {round && phase === 'over' && token && myCards.length ? (
        <p
          className={`live__win bingo__result${wonThisGame ? ' bingo__result--won' : ''}`}
          role="status"
          data-testid="game-result"
        >
          {myWon > 0
            ? t('bingoGameWon', { amount: money(myWon, symbol), stake: money(stake, symbol) })
            : wonThisGame
              ? t('bingoGamePaying')
              : t('bingoGameLost', { stake: money(stake, symbol) })}
        </p>
      ) : null}

      <div className={`bingo__layout${onSale ? ' bingo__layout--sale' : ''}`}>
        <div className="bingo__buy">
          {token ? (
            <BuyPanel
              room={room}
              symbol={symbol}
              balance={balance}
              held={myCards.length}
              most={most}
              count={count}
              onCount={setCount}
              open={onSale}
              busy={busy}
              onBuy={() => void buy()}
            />
          ) : (
            <p className="live__login" data-testid="login-to-buy">
              {t('bingoLoginToBuy')}
            </p>
          )}
        </div>

        <section className="bingo__cards" aria-labelledby="bingo-cards-title">
          <h2 id="bingo-cards-title">{t('bingoMyCards', { count: myCards.length })}</h2>
          {!token ? null : myCards.length === 0 ? (
            <p className="bingo__empty" data-testid="no-cards">
              {onSale ? t('bingoNoCardsYet') : t('bingoNoCardsThisGame')}
            </p>
          ) : (
            <div className="bingo__card-list">
              {myCards.map((card) => (
                <BingoCardGrid
                  key={card.id}
                  game={game}
                  card={card}
                  called={called}
                  lastBall={calls.at(-1) ?? null}
                  next={next}
                  toGo={next && inPlay ? toGo(engineCard(game, card), next, called) : null}
                  wins={winsByPattern.byCard.get(card.id) ?? []}
                  symbol={symbol}
                />
              ))}
            </div>
          )}
        </section>

        <div className="bingo__prizes">
          <PrizeList room={room} round={round} next={next} mine={winsByPattern.byPattern} symbol={symbol} />
          {round ? (
            <p className="bingo__sales" data-testid="sales">
              {t('bingoSales', { count: round.cardsSold, amount: money(round.sales, symbol) })}
            </p>
          ) : null}
        </div>

        <div className="bingo__board">
          <CallBoard game={game} called={called} />
        </div>

        <div className="bingo__fair">
          {round ? (
            <BingoFairPanel
              round={round}
              clientSeed={clientSeed}
              canChangeSeed={!busy}
              onNewSeed={() => setClientSeed(newClientSeed())}
              cards={myCards}
              verification={verification}
            />
          ) : null}
        </div>

        <div className="bingo__chat">
          <RoomChat roomCode={code} />
        </div>
      </div>

      <Dialog open={recallOpen} title={t('bingoRecallButton')} onClose={() => setRecallOpen(false)}>
        <BingoRecall game={game} games={recall} symbol={symbol} />
      </Dialog>
    </main>
  );
}
