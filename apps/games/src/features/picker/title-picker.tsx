import type { SlotTitle } from '@tala/contracts/slots';
import { titleConfigs } from '@tala/slots/titles';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Toolbar } from '../../app/toolbar.tsx';
import { api } from '../../lib/api.ts';
import { titleLanguage, useTranslation } from '../../lib/i18n.ts';
import { SymbolArt } from '../../symbols/symbol-art.tsx';

/** /games/: the studio's titles, each with its declared RTP, to play for real or as a demo. */
export function TitlePicker() {
  const { t } = useTranslation();
  const language = titleLanguage();
  const [infos, setInfos] = useState<SlotTitle[]>();
  useEffect(() => {
    api
      .titles()
      .then(setInfos)
      .catch(() => setInfos([]));
  }, []);
  return (
    <main className="page">
      <header className="page__header">
        <div>
          <h1>{t('pickerTitle')}</h1>
          <p>{t('pickerLead')}</p>
        </div>
        <Toolbar />
      </header>
      <ul className="titles">
        {titleConfigs.map((config) => {
          const info = infos?.find((i) => i.code === config.code);
          const featured = config.symbols.filter((s) => s.kind !== 'regular' || s.pays?.[5]).slice(0, 3);
          return (
            <li
              key={config.code}
              className="title-card"
              style={{
                ['--title-primary' as string]: config.palette.primary,
                ['--title-accent' as string]: config.palette.accent,
              }}
            >
              <div className="title-card__art" aria-hidden="true">
                {featured.map((s) => (
                  <SymbolArt key={s.code} art={s.art} label="" />
                ))}
              </div>
              <h2>{config.name[language]}</h2>
              <p>{config.tagline[language]}</p>
              <p className="title-card__facts">
                <span>{t('linesLabel', { lines: config.lines })}</span>
                {info ? <span>{t('rtpLabel', { rtp: info.rtp })}</span> : null}
              </p>
              <div className="title-card__actions">
                <Link className="button button--primary" to={`/slot/${config.code}`}>
                  {t('play')} <span className="visually-hidden">{config.name[language]}</span>
                </Link>
                <Link className="button" to={`/slot/${config.code}?mode=demo`}>
                  {t('playDemo')} <span className="visually-hidden">{config.name[language]}</span>
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to="/verify">{t('verifier')}</Link>
      </p>
    </main>
  );
}
