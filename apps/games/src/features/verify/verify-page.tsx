import { playScaledRound, type RoundOutcome, type SpinOutcome, scaledBets } from '@tala/slots/engine';
import { clientSeedPattern, hashServerSeed, roundStream, serverSeedPattern } from '@tala/slots/fairness';
import { titleByCode, titleConfigs } from '@tala/slots/titles';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { money } from '../../lib/format.ts';
import { titleLanguage, useTranslation } from '../../lib/i18n.ts';
import { sessionToken } from '../../lib/session.ts';
import { SymbolArt } from '../../symbols/symbol-art.tsx';

type Fields = {
  game: string;
  bet: string;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  hash: string;
  /**
   * The stake scale of the merchant's currency (decision 069): a recorded round carries it in its outcome (the dong's
   * 10), an address may give it (`scale`), and the peso's is 1.
   */
  scale: string;
};

/** Structural equality that ignores key order (the database keeps JSON keys in its own order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

type Result = {
  outcome: RoundOutcome;
  bytes: number;
  hashOk: boolean | null;
  recorded: boolean | null;
};

function Grid({ spin, gameCode, label }: { spin: SpinOutcome; gameCode: string; label: string }) {
  const title = titleByCode(gameCode);
  const language = titleLanguage();
  if (!title) return null;
  return (
    <figure className="verify__grid">
      <div className="mini-reels" role="img" aria-label={`${label}: ${spin.grid.join(' ')}`}>
        {spin.grid.map((column, reel) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: reels are in fixed order
          <div key={`${reel}-${column}`} className="mini-reel">
            {[...column].map((code, row) => {
              const symbol = title.config.symbols.find((s) => s.code === code);
              return (
                <SymbolArt
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed
                  key={row}
                  art={symbol?.art ?? ''}
                  label={symbol?.name[language] ?? code}
                />
              );
            })}
          </div>
        ))}
      </div>
      <figcaption>{label}</figcaption>
    </figure>
  );
}

/** /games/verify: recomputes a round in the browser from its seeds and nonce with the engine the server runs. */
export function VerifyPage() {
  const { t } = useTranslation();
  const language = titleLanguage();
  const [params] = useSearchParams();
  const first = titleConfigs[0];
  const [fields, setFields] = useState<Fields>({
    game: params.get('game') ?? first?.code ?? '',
    bet: params.get('bet') ?? String((first?.bets[0] ?? 0) * Number(params.get('scale') ?? 1)),
    serverSeed: params.get('serverSeed') ?? '',
    clientSeed: params.get('clientSeed') ?? '',
    nonce: params.get('nonce') ?? '1',
    hash: params.get('hash') ?? '',
    scale: params.get('scale') ?? '1',
  });
  const [roundId, setRoundId] = useState(params.get('round') ?? '');
  const [recorded, setRecorded] = useState<unknown>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const title = titleByCode(fields.game);

  function compute(values: Fields, recordedOutcome: unknown) {
    const invalid: string[] = [];
    const t0 = titleByCode(values.game);
    if (!t0) invalid.push(t('game'));
    const bet = Number(values.bet);
    const scale = Number(values.scale);
    if (!t0 || !Number.isSafeInteger(scale) || !scaledBets(t0, scale).includes(bet)) invalid.push(t('bet'));
    if (!serverSeedPattern.test(values.serverSeed)) invalid.push(t('serverSeed'));
    if (!clientSeedPattern.test(values.clientSeed)) invalid.push(t('clientSeed'));
    const nonce = Number(values.nonce);
    if (!Number.isSafeInteger(nonce) || nonce < 1) invalid.push(t('nonce'));
    if (invalid.length > 0 || !t0) {
      setResult(null);
      setProblem(t('invalidInput', { fields: invalid.join(', ') }));
      return;
    }
    setProblem(null);
    const stream = roundStream(values.serverSeed, values.clientSeed, nonce);
    const outcome = playScaledRound(t0, bet, stream, scale);
    const hash = values.hash.trim().toLowerCase();
    setResult({
      outcome,
      bytes: stream.bytesRead,
      hashOk: hash ? hashServerSeed(values.serverSeed) === hash : null,
      recorded: recordedOutcome ? sameValue(outcome, recordedOutcome) : null,
    });
  }

  async function load(id: string) {
    if (!/^\d+$/.test(id)) return;
    try {
      const round = await api.verification(Number(id));
      const values: Fields = {
        game: round.gameCode,
        bet: String(round.bet),
        serverSeed: round.serverSeed ?? '',
        clientSeed: round.clientSeed,
        nonce: String(round.nonce),
        hash: round.serverSeedHash,
        scale: String(typeof round.outcome.scale === 'number' ? round.outcome.scale : 1),
      };
      setFields(values);
      setRecorded(round.outcome);
      if (!round.serverSeed) {
        setResult(null);
        setProblem(t('seedNotRevealed'));
        return;
      }
      compute(values, round.outcome);
    } catch (e) {
      setProblem(e instanceof ApiError && e.code !== 'network' ? e.message : t('errorNetwork'));
    }
  }

  // Addresses from recall and the fairness panel carry the round (or its seeds): verify at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the address it was opened with
  useEffect(() => {
    if (roundId && sessionToken()) void load(roundId);
    else if (fields.serverSeed && fields.clientSeed) compute(fields, null);
  }, []);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [key]: e.target.value }));
    setRecorded(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    compute(fields, recorded);
  };

  return (
    <main className="page verify">
      <header className="page__header">
        <div>
          <h1>{t('verifyTitle')}</h1>
          <p>{t('verifyLead')}</p>
        </div>
        <Toolbar />
      </header>

      {sessionToken() ? (
        <form
          className="verify__load"
          onSubmit={(e) => {
            e.preventDefault();
            void load(roundId);
          }}
        >
          <label htmlFor="round-id">{t('roundId')}</label>
          <input
            id="round-id"
            inputMode="numeric"
            value={roundId}
            onChange={(e) => setRoundId(e.target.value)}
          />
          <button type="submit">{t('loadRound')}</button>
        </form>
      ) : null}

      <form className="verify__form" onSubmit={submit}>
        <label htmlFor="v-game">{t('game')}</label>
        <select
          id="v-game"
          value={fields.game}
          onChange={(e) => {
            const next = titleByCode(e.target.value);
            setFields((f) => ({
              ...f,
              game: e.target.value,
              bet: String(next ? (scaledBets(next, Number(f.scale)).at(0) ?? '') : ''),
            }));
            setRecorded(null);
          }}
        >
          {titleConfigs.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name[language]} ({c.code})
            </option>
          ))}
        </select>
        <label htmlFor="v-bet">{t('bet')}</label>
        <select id="v-bet" value={fields.bet} onChange={set('bet')}>
          {(title ? scaledBets(title, Number(fields.scale) || 1) : []).map((b) => (
            <option key={b} value={b}>
              {money(b)}
            </option>
          ))}
        </select>
        <label htmlFor="v-server-seed">{t('serverSeed')}</label>
        <input
          id="v-server-seed"
          value={fields.serverSeed}
          onChange={set('serverSeed')}
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor="v-hash">{t('expectedHash')}</label>
        <input id="v-hash" value={fields.hash} onChange={set('hash')} spellCheck={false} autoComplete="off" />
        <label htmlFor="v-client-seed">{t('clientSeed')}</label>
        <input
          id="v-client-seed"
          value={fields.clientSeed}
          onChange={set('clientSeed')}
          spellCheck={false}
          autoComplete="off"
        />
        <label htmlFor="v-nonce">{t('nonce')}</label>
        <input id="v-nonce" inputMode="numeric" value={fields.nonce} onChange={set('nonce')} />
        <button type="submit" className="button button--primary">
          {t('recompute')}
        </button>
      </form>

      {problem ? (
        <p className="verify__problem" role="alert">
          {problem}
        </p>
      ) : null}

      {result ? (
        <section className="verify__result" aria-live="polite" data-testid="verify-result">
          {result.hashOk !== null ? (
            <p className={result.hashOk ? 'ok' : 'bad'} data-testid="hash-check">
              {result.hashOk ? `✓ ${t('hashMatches')}` : `✗ ${t('hashDiffers')}`}
            </p>
          ) : null}
          {result.recorded !== null ? (
            <p className={result.recorded ? 'ok' : 'bad'} data-testid="record-check">
              {result.recorded ? `✓ ${t('recordMatches')}` : `✗ ${t('recordDiffers')}`}
            </p>
          ) : null}
          <dl className="verify__facts">
            <dt>{t('stops')}</dt>
            <dd data-testid="verify-stops">{result.outcome.base.stops.join(', ')}</dd>
            <dt>{t('totalWin')}</dt>
            <dd data-testid="verify-win">{money(result.outcome.win)}</dd>
            <dt>{t('jackpotDraw')}</dt>
            <dd>{result.outcome.jackpotHit ? t('jackpotHit') : t('jackpotMiss')}</dd>
            <dt>{t('freeSpins')}</dt>
            <dd>{result.outcome.freeSpins.length}</dd>
          </dl>
          <p className="info__note">{t('bytesUsed', { bytes: result.bytes })}</p>
          <Grid spin={result.outcome.base} gameCode={result.outcome.title} label={t('window')} />
          <ul className="verify__wins">
            {result.outcome.base.lineWins.map((w) => (
              <li key={w.line}>
                {t('lineWin', { line: w.line, count: w.count, symbol: w.symbol, amount: money(w.amount) })}
              </li>
            ))}
          </ul>
          {result.outcome.freeSpins.map((spin, i) => (
            <Grid
              // biome-ignore lint/suspicious/noArrayIndexKey: free spins are in order
              key={i}
              spin={spin}
              gameCode={result.outcome.title}
              label={t('freeSpinOf', { current: i + 1, total: result.outcome.freeSpins.length })}
            />
          ))}
        </section>
      ) : null}
      <p>
        <Link to="/">{t('backToGames')}</Link>
      </p>
    </main>
  );
}
