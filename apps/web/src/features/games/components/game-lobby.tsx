// The lobby's inputs and list-type switch use the shared form styles, whether or not a form field is on the page.
import '../../../components/form.css';
import '../games.css';
import { minBetChoices } from '@tala/contracts/games';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { requireLogin } from '../../../lib/overlays.ts';
import {
  favouritePageQuery,
  type Game,
  type GameType,
  gameListQuery,
  hotGamesQuery,
  recentPageQuery,
  type VendorCard,
  vassGameTypeQuery,
  vendorsQuery,
} from '../api/games-api.ts';
import { useGameActions } from '../hooks/use-game-actions.ts';
import { minBetOptions } from '../lib/min-bets.ts';
import type { GamesSite } from '../lib/site.ts';
import { onHost } from '../lib/start-game.ts';
import { sportsbookPage } from '../lib/vendor-link.ts';
import { GameGrid, Pager } from './game-grid.tsx';
import { GamePopup } from './game-popup.tsx';

/** Placeholder cards shown while a lobby page loads (half a page of 24). */
const PLACEHOLDERS = Array.from({ length: 12 }, (_, i) => `placeholder-${i}`);

/** Vendors shown per slide of the vendor menu (spec §9). */
const VENDOR_SLIDE = 8;
const allClassifications = ['SC', 'VP', 'JP', 'TG', 'AC', 'BG'] as const;

export type ListType = 'none' | 'hot' | 'fav' | 'recent';

type GameLobbyProps = {
  gameType: GameType;
  site: GamesSite;
  /** Set by /rng's tabs: the classification then comes from ?page= and the select is not shown. */
  classification?: string;
  /** Only games of this classification (bingo: BG). */
  fixedClassification?: string;
};

/**
 * The game lobby of spec §2, §4, §5: vendor menu in slides of 8, name search, classification and minimum-bet
 * filters, list types none, hot, favourites and recent, pages of 24. Changing a filter goes back to page 1 and the
 * normal list; the hot list is one page; favourites and recent need the login.
 */
export function GameLobby({ gameType, site, classification, fixedClassification }: GameLobbyProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const actions = useGameActions();
  const navigate = useNavigate();
  const vassalage = params.get('vendor') ?? '';
  const [draft, setDraft] = useState('');
  const [gameName, setGameName] = useState('');
  const [chosenClassify, setClassify] = useState('');
  const [minBet, setMinBet] = useState('');
  const [listType, setListType] = useState<ListType>('none');
  const [pageNo, setPageNo] = useState(1);
  const [slide, setSlide] = useState(0);
  const gameClassify = fixedClassification ?? classification ?? chosenClassify;
  // The classification (an /rng tab, ?page=) and the vendor (?vendor=, also set by the header menus) come from the
  // address: when either changes, the list starts again at page 1 with list type none (spec §4), as for the filters.
  const filterKey = `${gameClassify}\u0000${vassalage}`;
  const [seenFilterKey, setSeenFilterKey] = useState(filterKey);
  if (seenFilterKey !== filterKey) {
    setSeenFilterKey(filterKey);
    setPageNo(1);
    setListType('none');
  }

  const vendors = useQuery(vendorsQuery(gameType));
  const vendorDetails = useQuery({ ...vassGameTypeQuery(vassalage), enabled: Boolean(vassalage) });
  const normal = useQuery({
    ...gameListQuery({ gameType, vassalage, gameName, gameClassify, minBet, pageNo }),
    enabled: listType === 'none',
    placeholderData: keepPreviousData,
  });
  const hot = useQuery({ ...hotGamesQuery(gameType, vassalage), enabled: listType === 'hot' });
  const fav = useQuery({
    ...favouritePageQuery(actions.token ?? '', gameType, pageNo),
    enabled: listType === 'fav' && Boolean(actions.token),
  });
  const recent = useQuery({
    ...recentPageQuery(actions.token ?? '', gameType, vassalage, pageNo),
    enabled: listType === 'recent' && Boolean(actions.token),
  });

  /** Any filter change: page 1, size 24, list type none (spec §4). */
  function reset() {
    setPageNo(1);
    setListType('none');
  }
  function chooseVendor(card: VendorCard | null) {
    // The in-house sportsbook's card opens its book, not a list of its one lobby game.
    const book = card && sportsbookPage(card.vassalage);
    if (book) {
      navigate(book);
      return;
    }
    if (card?.isGame === 'VASSALAGE') {
      actions.openPopup(card.vassalage);
      return;
    }
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (card) next.set('vendor', card.vassalage);
        else next.delete('vendor');
        return next;
      },
      { replace: true },
    );
    setClassify('');
    setMinBet('');
    reset();
  }
  function search(event: FormEvent) {
    event.preventDefault();
    setGameName(draft.trim());
    reset();
  }
  function chooseList(type: ListType) {
    if ((type === 'fav' || type === 'recent') && !requireLogin()) return;
    setListType(type);
    setPageNo(1);
  }

  const active =
    listType === 'hot'
      ? hot.data
        ? { list: hot.data, pageNo: 1, totalPages: 1, total: hot.data.length }
        : undefined
      : (listType === 'fav' ? fav : listType === 'recent' ? recent : normal).data;
  const current =
    listType === 'hot' ? hot : listType === 'fav' ? fav : listType === 'recent' ? recent : normal;
  const cards = vendors.data ?? [];
  const slides = Math.max(1, Math.ceil(cards.length / VENDOR_SLIDE));
  const shownCards = cards.slice(slide * VENDOR_SLIDE, (slide + 1) * VENDOR_SLIDE);
  const classifications = vassalage
    ? (vendorDetails.data?.classifications.map((c) => c.code) ?? [])
    : allClassifications.filter((c) => c !== 'BG' || site.supportsTagalog);
  const minBets = minBetOptions(
    vassalage ? (vendorDetails.data?.minBets ?? minBetChoices) : minBetChoices,
    site.currency,
  );
  const popupLine = cards.find((c) => c.vassalage === actions.popup);

  return (
    <div className="lobby">
      <section className="vendor-menu" aria-label={t('games.vendors')}>
        <button
          type="button"
          className="icon-button vendor-menu__arrow"
          aria-label={t('games.previousVendors')}
          disabled={slide === 0}
          onClick={() => setSlide((s) => Math.max(0, s - 1))}
        >
          ‹
        </button>
        <ul className="vendor-menu__list">
          <li>
            <button
              type="button"
              className="vendor-chip vendor-chip--all"
              aria-pressed={vassalage === ''}
              onClick={() => chooseVendor(null)}
            >
              {t('games.allVendors')}
            </button>
          </li>
          {shownCards.map((card) => (
            <li key={card.vassalage}>
              <button
                type="button"
                className="vendor-chip"
                aria-pressed={vassalage === card.vassalage}
                onClick={() => chooseVendor(card)}
              >
                <img src={onHost(card.logoUrl, site.imageHost)} alt="" width={120} height={36} />
                <span className="vendor-chip__name">{card.displayName}</span>
                {card.isHot === 1 ? <span className="vendor-chip__hot">{t('games.hot')}</span> : null}
                {card.maintenance ? <span className="vendor-chip__off">{t('games.maintenance')}</span> : null}
              </button>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="icon-button vendor-menu__arrow"
          aria-label={t('games.nextVendors')}
          disabled={slide >= slides - 1}
          onClick={() => setSlide((s) => Math.min(slides - 1, s + 1))}
        >
          ›
        </button>
      </section>

      <div className="lobby__filters">
        <form className="lobby__search" aria-label={t('games.searchLabel')} onSubmit={search}>
          <label className="visually-hidden" htmlFor={`${ids}-name`}>
            {t('games.searchLabel')}
          </label>
          <input
            id={`${ids}-name`}
            className="form-field__input"
            type="search"
            maxLength={60}
            placeholder={t('games.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            {t('games.search')}
          </button>
        </form>
        {gameType === 'RNG' && classification === undefined && fixedClassification === undefined ? (
          <label className="lobby__select">
            <span>{t('games.classification')}</span>
            <select
              className="form-field__input"
              value={chosenClassify}
              onChange={(e) => {
                setClassify(e.target.value);
                reset();
              }}
            >
              <option value="">{t('games.all')}</option>
              {classifications.map((code) => (
                <option key={code} value={code}>
                  {t(`rng.${code as (typeof allClassifications)[number]}`)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {gameType === 'RNG' || gameType === 'FISH' ? (
          <label className="lobby__select">
            <span>{t('games.minBet')}</span>
            <select
              className="form-field__input"
              value={minBet}
              onChange={(e) => {
                setMinBet(e.target.value);
                reset();
              }}
            >
              <option value="">{t('games.all')}</option>
              {minBets.map((bet) => (
                <option key={bet.value} value={bet.value}>
                  {bet.label}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>

      <fieldset className="segmented lobby__types">
        <legend className="visually-hidden">{t('games.listTypes')}</legend>
        {(['none', 'hot', 'fav', 'recent'] as const).map((type) => (
          <button
            key={type}
            type="button"
            aria-pressed={listType === type}
            className={`segmented__option${listType === type ? ' segmented__option--on' : ''}`}
            onClick={() => chooseList(type)}
          >
            {t(`games.list.${type}`)}
          </button>
        ))}
      </fieldset>

      {current.isError ? (
        <p className="form-message form-message--error" role="alert">
          {current.error.message}
        </p>
      ) : !active ? (
        <>
          <p role="status" className="visually-hidden">
            {t('common.loading')}
          </p>
          {/* Cards' places kept while the page loads, so nothing below jumps when the games arrive. */}
          <ul className="game-grid" aria-hidden="true">
            {PLACEHOLDERS.map((id) => (
              <li key={id} className="game-card game-card--placeholder">
                <span className="game-card__thumb" />
                <span className="game-card__placeholder-line" />
              </li>
            ))}
          </ul>
        </>
      ) : active.list.length === 0 ? (
        <p role="status" className="lobby__status">
          {t(`games.empty.${listType}`)}
        </p>
      ) : (
        <>
          <p className="lobby__count" role="status">
            {t('games.count', { count: active.total })}
          </p>
          <GameGrid
            games={active.list as Game[]}
            site={site}
            actions={actions}
            label={t('games.listLabel')}
            fromPopup
          />
          <Pager pageNo={pageNo} totalPages={active.totalPages} onPage={setPageNo} />
        </>
      )}
      {actions.popup ? (
        <GamePopup
          vassalage={actions.popup}
          gameType={gameType}
          title={popupLine?.displayName ?? actions.popup}
          site={site}
          actions={actions}
        />
      ) : null}
    </div>
  );
}
