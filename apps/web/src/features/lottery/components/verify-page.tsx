import './lottery.css';
import './lottery-extras.css';
import '../../../components/form.css';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { gameMenuQuery, type LotteryDraw } from '../api/lottery-api.ts';
import { type Verdict, verifyInBrowser } from '../lib/verify.ts';

type Checked = { draw: LotteryDraw; verdict: Verdict | null } | { error: string };

/**
 * The verifier (issue 14 "Draws"): a game, an issue and a server seed (filled in from a result's link); the page
 * reads that issue's published commitment and result, and recomputes in this browser, with the lottery's own draw
 * code, that the seed's SHA-256 is the commitment and that the seed draws the published result.
 */
export function VerifyPage() {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.verify' });
  const [params, setParams] = useSearchParams();
  const menu = useQuery(gameMenuQuery('Lott'));
  const id = useId();
  const [gameCode, setGameCode] = useState(params.get('gameCode') ?? 'VNN1');
  const [issueNo, setIssueNo] = useState(params.get('issueNo') ?? '');
  const [serverSeed, setServerSeed] = useState(params.get('serverSeed') ?? '');
  const asked = {
    gameCode: params.get('gameCode') ?? '',
    issueNo: params.get('issueNo') ?? '',
    serverSeed: params.get('serverSeed') ?? '',
  };
  const check = useQuery({
    queryKey: ['lottery', 'verify', asked],
    enabled: Boolean(asked.gameCode && asked.issueNo && asked.serverSeed),
    retry: false,
    queryFn: async (): Promise<Checked> => {
      try {
        const draw = await api<LotteryDraw>('/lgw/vn/games/draw', {
          query: { gameCode: asked.gameCode, issueNo: asked.issueNo },
        });
        const verdict = verifyInBrowser({
          gameCode: asked.gameCode,
          issueNo: asked.issueNo,
          serverSeed: asked.serverSeed.trim().toLowerCase(),
          commitment: draw.serverSeedHash,
          published: draw.result,
        });
        return { draw, verdict };
      } catch (error) {
        return { error: (error as Error).message };
      }
    },
  });
  const result = check.data;
  const agrees =
    result && 'draw' in result && result.verdict
      ? result.verdict.seedMatches && result.verdict.resultMatches !== false
      : null;
  return (
    <section className="lottery" aria-labelledby="lottery-verify-title">
      <header className="lottery__head lottery__head--game">
        <Link to={`${paths.lottery}${asked.gameCode ? `?gameCode=${asked.gameCode}` : ''}`}>{t('back')}</Link>
        <h1 id="lottery-verify-title">{t('title')}</h1>
        <p className="lottery__muted">{t('line')}</p>
      </header>
      <form
        className="lottery-panel lottery-verify__form"
        onSubmit={(event) => {
          event.preventDefault();
          setParams({ gameCode, issueNo: issueNo.trim(), serverSeed: serverSeed.trim() });
        }}
      >
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-game`}>
            {t('game')}
          </label>
          <select
            id={`${id}-game`}
            className="form-field__input"
            value={gameCode}
            onChange={(event) => setGameCode(event.target.value)}
          >
            {(menu.data?.list ?? [{ gameCode, name: gameCode }]).map((g) => (
              <option key={g.gameCode} value={g.gameCode}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-issue`}>
            {t('issue')}
          </label>
          <input
            id={`${id}-issue`}
            className="form-field__input"
            value={issueNo}
            onChange={(event) => setIssueNo(event.target.value)}
            placeholder="20261126-0421"
            required
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-seed`}>
            {t('seed')}
          </label>
          <input
            id={`${id}-seed`}
            className="form-field__input lottery-verify__mono"
            value={serverSeed}
            onChange={(event) => setServerSeed(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            required
          />
        </div>
        <button type="submit" className="btn btn-primary">
          {t('check')}
        </button>
      </form>
      {check.isFetching ? <p className="lottery__muted">{t('checking')}</p> : null}
      {result && 'error' in result ? <p role="alert">{result.error}</p> : null}
      {result && 'draw' in result ? (
        <div className="lottery-panel lottery-verify" data-verdict={agrees ? 'agree' : 'disagree'}>
          <p className="lottery-verify__verdict" role="status">
            {result.verdict === null ? t('badSeed') : agrees ? t('agree') : t('disagree')}
          </p>
          {result.verdict ? (
            <dl className="lottery-verify__facts">
              <div>
                <dt>{t('commitment')}</dt>
                <dd className="lottery-verify__mono">{result.draw.serverSeedHash}</dd>
              </div>
              <div>
                <dt>{t('hash')}</dt>
                <dd className="lottery-verify__mono">
                  {result.verdict.hash} {result.verdict.seedMatches ? t('same') : t('different')}
                </dd>
              </div>
              <div>
                <dt>{t('published')}</dt>
                <dd>{result.draw.balls?.join(' ') ?? t('notDrawn')}</dd>
              </div>
              <div>
                <dt>{t('recomputed')}</dt>
                <dd>
                  {mainRow(result.verdict.recomputed)}{' '}
                  {result.verdict.resultMatches === null
                    ? ''
                    : result.verdict.resultMatches
                      ? t('same')
                      : t('different')}
                </dd>
              </div>
            </dl>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** The recomputed result's main row as shown for the published one (Vietnam: the special prize). */
function mainRow(result: unknown): string {
  const prizes = (result as { prizes?: string[][] } | null)?.prizes;
  return prizes?.[0]?.[0]?.split('').join(' ') ?? JSON.stringify(result);
}
