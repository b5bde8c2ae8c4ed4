/**
 * The lottery's launch parameters (spec §2–§4, §7 "Lobby launch link"): lottoArea VN, launchMode LOTT,
 * lottoPrizeMode, lottoGameCode, lottoView (betting when a game code is given, else lobby), device, backUrl,
 * language. A link from outside may carry any of them; what is not understood falls back to the defaults.
 */
import type { PrizeModeCode } from '@tala/contracts/lottery';

const prizeModes: readonly PrizeModeCode[] = ['Lott', 'ZY', 'Elott', 'SEA'];

export type LaunchParams = {
  area: 'VN';
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
  return {
    area: 'VN',
    prizeMode: prizeModes.find((m) => m === askedMode) ?? 'Lott',
    gameCode,
    view: view === 'lobby' || !gameCode ? 'lobby' : 'betting',
    backUrl: safeBackUrl(params.get('backUrl')),
    language: /^[A-Z]{2}$/.test(language) ? language : null,
  };
}
