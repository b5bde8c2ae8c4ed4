/**
 * The lottery's launch parameters (spec §2–§4, §7 "Lobby launch link"): lottoArea VN, launchMode LOTT,
 * lottoPrizeMode, lottoGameCode, lottoView (betting when a game code is given, else lobby), device, backUrl,
 * language. A link from outside may carry any of them; what is not understood falls back to the defaults.
 *
 * Areas (decision 043): the in-house lottery offers one area, VN — the Vietnamese draws and the fast games of the
 * other families, all in one lobby. A link asking for another area (TH, CN, SEA, …) cannot be honoured: it opens
 * the lobby (never a game of that link, whose code would name another area's game) with a notice naming the area
 * asked for. A missing lottoArea is VN.
 */
import type { PrizeModeCode } from '@tala/contracts/lottery';

const prizeModes: readonly PrizeModeCode[] = ['Lott', 'ZY', 'Elott', 'SEA'];

/** The lottery areas this site offers (decision 043). */
export const lottoAreas = ['VN'] as const;
export type LottoArea = (typeof lottoAreas)[number];

export type LaunchParams = {
  area: LottoArea;
  /**
   * The area the link asked for when it is not one offered (upper case; `?` when it is not even an area code):
   * the lobby opens with a notice naming it.
   */
  unknownArea: string | null;
  prizeMode: PrizeModeCode;
  gameCode: string | null;
  view: 'betting' | 'lobby';
  /** A path on this site to go back to (a link to another host is ignored: no open redirect). */
  backUrl: string | null;
  /** The language asked for (EN, TY, ...), to be checked against the site's languages. */
  language: string | null;
};

/** A same-site path only: `/x`, never `//host` or `https://host`. */
function safeBackUrl(value: string | null): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  return /^\/(?![/\\])[\x21-\x7e]{0,300}$/.test(trimmed) ? trimmed : null;
}

export function readLaunchParams(params: URLSearchParams): LaunchParams {
  const askedMode = params.get('lottoPrizeMode') ?? params.get('prizeMode');
  const rawCode = (params.get('gameCode') ?? params.get('lottoGameCode'))?.trim() ?? '';
  const gameCode = /^[A-Za-z0-9]{2,16}$/.test(rawCode) ? rawCode.toUpperCase() : null;
  const view = params.get('lottoView');
  const language = params.get('language')?.trim().toUpperCase() ?? '';
  const askedArea = params.get('lottoArea')?.trim().toUpperCase() ?? '';
  const area = lottoAreas.find((a) => a === askedArea);
  const unknownArea = askedArea && !area ? (/^[A-Z0-9_]{2,8}$/.test(askedArea) ? askedArea : '?') : null;
  return {
    area: area ?? 'VN',
    unknownArea,
    prizeMode: prizeModes.find((m) => m === askedMode) ?? 'Lott',
    gameCode: unknownArea ? null : gameCode,
    view: view === 'lobby' || !gameCode || unknownArea ? 'lobby' : 'betting',
    backUrl: safeBackUrl(params.get('backUrl')),
    language: /^[A-Z]{2}$/.test(language) ? language : null,
  };
}
