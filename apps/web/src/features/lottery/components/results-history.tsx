import './lottery.css';
import './lottery-extras.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { gameMenuQuery, type LotteryDraw, type PrizeModeCode, resultsQuery } from '../api/lottery-api.ts';
import { hotAndCold, type PositionTrend, positionsOf, trendOf } from '../lib/trend.ts';

/** Where a result is checked: the verifier with the game, issue and revealed seed filled in. */
export function verifyLink(draw: Pick<LotteryDraw, 'gameCode' | 'issueNo' | 'serverSeed'>) {
  const query = new URLSearchParams({ gameCode: draw.gameCode, issueNo: draw.issueNo });
  if (draw.serverSeed) query.set('serverSeed', draw.serverSeed);
  return `${paths.lotteryVerify}?${query}`;
}

const ROW = 22;
const COL = 30;
const LABEL = 118;

/**
 * The trend chart of one position: one row per issue (oldest at the top), one column per value, the drawn value
 * marked and joined to the next issue's. Drawn as SVG for sighted users; the table beside it says the same.
 */
function TrendChart({ trend, label }: { trend: PositionTrend; label: string }) {
  const width = LABEL + trend.domain.length * COL + 8;
  const height = (trend.series.length + 1) * ROW + 8;
  const x = (value: string) => LABEL + trend.domain.indexOf(value) * COL + COL / 2;
  const y = (i: number) => (i + 1) * ROW + ROW / 2;
  const points = trend.series.map((s, i) => `${x(s.value)},${y(i)}`).join(' ');
  return (
    <div className="lottery-trend__scroll">
      <svg
        className="lottery-trend__chart"
        width={width}
        height={height}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
      >
        {trend.domain.map((value) => (
          <text key={value} x={x(value)} y={ROW - 6} textAnchor="middle" className="lottery-trend__head">
            {value}
          </text>
        ))}
        {trend.series.map((s, i) => (
          <g key={s.issueNo}>
            <rect
              x={LABEL}
              y={y(i) - ROW / 2}
              width={trend.domain.length * COL}
              height={ROW}
              className={i % 2 ? 'lottery-trend__band' : 'lottery-trend__band lottery-trend__band--alt'}
            />
            <text x={4} y={y(i) + 4} className="lottery-trend__issue">
              {s.issueNo}
            </text>
          </g>
        ))}
        <polyline points={points} className="lottery-trend__line" />
        {trend.series.map((s, i) => (
          <g key={`${s.issueNo}-ball`}>
            <circle cx={x(s.value)} cy={y(i)} r={9} className="lottery-trend__ball" />
            <text x={x(s.value)} y={y(i) + 4} textAnchor="middle" className="lottery-trend__ball-text">
              {s.value}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}

/**
 * The last 100 results of a game (spec §9) with a trend chart per position of the result's main row (the special
 * prize's digits for Vietnam), hot and cold counts, and the results as a table; each result links to the verifier.
 */
export function ResultsHistory({ gameCode, prizeMode }: { gameCode: string; prizeMode: PrizeModeCode }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'lottery.history' });
  const menu = useQuery(gameMenuQuery(prizeMode));
  const game = menu.data?.list.find((g) => g.gameCode === gameCode);
  const results = useQuery(resultsQuery(gameCode, 100));
  const list = results.data?.list ?? [];
  const [position, setPosition] = useState(0);
  const positions = positionsOf(list);
  const trend = trendOf(list, Math.min(position, Math.max(0, positions - 1)));
  const { hot, cold } = hotAndCold(trend);
  return (
    <section className="lottery" aria-labelledby="lottery-history-title">
      <header className="lottery__head lottery__head--game">
        <Link to={`${paths.lottery}?gameCode=${gameCode}&lottoPrizeMode=${prizeMode}`}>
          {t('back', { name: game?.name ?? gameCode })}
        </Link>
        <h1 id="lottery-history-title">{t('title', { name: game?.name ?? gameCode })}</h1>
        <p className="lottery__muted">{t('line')}</p>
      </header>
      {results.isPending ? <p className="lottery__muted">{t('loading')}</p> : null}
      {results.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {results.isSuccess && list.length === 0 ? <p className="lottery__muted">{t('empty')}</p> : null}
      {positions > 0 ? (
        <div className="lottery-panel lottery-trend">
          <h2>{t('trend')}</h2>
          <fieldset className="lottery-types">
            <legend className="visually-hidden">{t('position')}</legend>
            {Array.from({ length: positions }, (_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: positions are positional
                key={i}
                type="button"
                aria-pressed={i === position}
                onClick={() => setPosition(i)}
              >
                {t('positionN', { n: i + 1 })}
              </button>
            ))}
          </fieldset>
          <p className="lottery__muted">
            {t('hotCold', { hot: hot.join(', ') || '—', cold: cold.join(', ') || '—', count: list.length })}
          </p>
          <div className="lottery-trend__body">
            <TrendChart
              trend={trend}
              label={t('chartLabel', { n: position + 1, count: trend.series.length })}
            />
            <table className="lottery-table lottery-trend__stats">
              <caption>{t('statsCaption', { n: position + 1 })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('value')}</th>
                  <th scope="col">{t('count')}</th>
                  <th scope="col">{t('since')}</th>
                </tr>
              </thead>
              <tbody>
                {trend.stats.map((s) => (
                  <tr key={s.value} data-hot={hot.includes(s.value)} data-cold={cold.includes(s.value)}>
                    <th scope="row">{s.value}</th>
                    <td>{s.count}</td>
                    <td>{s.since}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
      {list.length > 0 ? (
        <div className="lottery-panel">
          <h2>{t('tableTitle', { count: list.length })}</h2>
          <div className="lottery-trend__scroll">
            <table className="lottery-table">
              <thead>
                <tr>
                  <th scope="col">{t('issue')}</th>
                  <th scope="col">{t('balls')}</th>
                  <th scope="col">{t('verify')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((draw) => (
                  <tr key={draw.drawId}>
                    <th scope="row">{draw.issueNo}</th>
                    <td className="lottery-table__balls">{draw.balls?.join(' ') ?? '—'}</td>
                    <td>
                      <Link to={verifyLink(draw)} aria-label={t('verifyIssue', { issueNo: draw.issueNo })}>
                        {t('verify')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ) : null}
    </section>
  );
}
