import type { SlotTitle } from '@tala/contracts/slots';
import type { CompiledTitle } from '@tala/slots/engine';
import { paylines } from '@tala/slots/paylines';
import { titleLanguage, useTranslation } from '../../lib/i18n.ts';
import { SymbolArt } from '../../symbols/symbol-art.tsx';

function LineDiagram({ rows, n }: { rows: readonly number[]; n: number }) {
  const points = rows.map((row, reel) => `${reel * 20 + 10},${row * 20 + 10}`).join(' ');
  return (
    <figure className="payline">
      <svg viewBox="0 0 100 60" role="img" aria-label={`${n}: ${rows.map((r) => r + 1).join('-')}`}>
        {rows.map((_, reel) =>
          [0, 1, 2].map((row) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: the grid's cells are fixed
              key={`${reel}-${row}`}
              x={reel * 20 + 2}
              y={row * 20 + 2}
              width="16"
              height="16"
              rx="3"
              className="payline__cell"
            />
          )),
        )}
        <polyline points={points} className="payline__line" />
      </svg>
      <figcaption>{n}</figcaption>
    </figure>
  );
}

/** Rules, paytable, paylines, reel strips and the declared RTP of a title. */
export function InfoPanel({ title, info }: { title: CompiledTitle; info: SlotTitle | undefined }) {
  const { t } = useTranslation();
  const language = titleLanguage();
  const config = title.config;
  const wild = config.symbols[title.wild];
  const scatter = config.symbols[title.scatter];
  const awards = Object.entries(config.scatter.freeSpins)
    .map(([count, spins]) => `${count}: ${spins}`)
    .join(', ');
  const counts = [5, 4, 3, 2] as const;
  return (
    <div className="info">
      <section aria-labelledby="info-rtp">
        <h3 id="info-rtp">{t('infoRtp')}</h3>
        {info ? (
          <p className="info__rtp">
            <strong data-testid="declared-rtp">{info.rtp}%</strong>{' '}
            {t('infoRtpText', { rtp: info.rtp, game: info.gameRtp, share: info.jackpotShare })}
          </p>
        ) : (
          <p>{t('loading')}</p>
        )}
      </section>
      <section aria-labelledby="info-rules">
        <h3 id="info-rules">{t('infoRules')}</h3>
        <ol className="info__rules">
          <li>{t('rule1', { lines: config.lines })}</li>
          <li>{t('rule2')}</li>
          <li>{t('rule3', { wild: wild?.name[language] })}</li>
          <li>{t('rule4', { scatter: scatter?.name[language] })}</li>
          <li>{t('rule5', { spins: awards, multiplier: config.freeSpins.multiplier })}</li>
          <li>
            {t('rule6', {
              oneIn: config.jackpot.oneInAtMaxBet.toLocaleString('en-US'),
              share: (config.jackpot.shareBp / 100).toFixed(2),
            })}
          </li>
          {info ? <li>{t('rule7', { oneIn: info.freeSpinsOneIn })}</li> : null}
        </ol>
      </section>
      <section aria-labelledby="info-paytable">
        <h3 id="info-paytable">{t('paytable')}</h3>
        <table className="paytable">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{t('paytable')}</span>
              </th>
              {counts.map((c) => (
                <th key={c} scope="col">
                  {t('paysFor', { count: c })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {config.symbols
              .filter((s) => s.kind !== 'scatter')
              .map((s) => (
                <tr key={s.code}>
                  <th scope="row">
                    <SymbolArt art={s.art} label={s.name[language]} className="paytable__art" />
                    <span>{s.name[language]}</span>
                  </th>
                  {counts.map((c) => (
                    <td key={c}>{s.pays?.[c] ? `×${s.pays[c]}` : '—'}</td>
                  ))}
                </tr>
              ))}
          </tbody>
        </table>
        <p className="info__note">{t('scatterPays')}</p>
        <table className="paytable">
          <tbody>
            <tr>
              <th scope="row">
                {scatter ? (
                  <SymbolArt art={scatter.art} label={scatter.name[language]} className="paytable__art" />
                ) : null}
                <span>{scatter?.name[language]}</span>
              </th>
              {[5, 4, 3].map((c) => (
                <td key={c}>
                  {c}: ×{config.scatter.pays[c] ?? 0}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </section>
      <section aria-labelledby="info-lines">
        <h3 id="info-lines">{t('paylines')}</h3>
        <div className="paylines">
          {paylines.slice(0, config.lines).map((rows, i) => (
            <LineDiagram key={rows.join('')} rows={rows} n={i + 1} />
          ))}
        </div>
      </section>
      <section aria-labelledby="info-strips">
        <h3 id="info-strips">{t('reelStrips')}</h3>
        {[
          { label: t('reelStrips'), reels: config.reels },
          { label: t('freeReels'), reels: config.freeSpins.reels },
        ].map((set) => (
          <div key={set.label} className="strips">
            <h4>{set.label}</h4>
            {set.reels.map((strip, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: reels are in fixed order
              <p key={`${set.label}-${r}`} className="strips__row">
                <span>{t('reelN', { n: r + 1 })}</span> <code>{strip}</code>
              </p>
            ))}
          </div>
        ))}
        <p className="info__note">
          {config.symbols.map((s) => `${s.code} = ${s.name[language]}`).join(' · ')}
        </p>
      </section>
    </div>
  );
}
