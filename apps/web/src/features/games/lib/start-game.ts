import { type SiteCurrency, siteMoney } from '../../../lib/money.ts';
import type { Game } from '../api/games-api.ts';
import { sportsbookPage } from './vendor-link.ts';

/** Lottery vendors and types that open the /lottery page instead of a launch (spec §4, §9). */
const lotteryVendors = ['TCG_LOTTO_VN', 'TCG_SEA', 'ELOTT', 'LOTT'];
const lotteryTypes = ['LOTT', 'ELOTT'];

export type GameStart =
  | { kind: 'lottery'; to: string }
  | { kind: 'sportsbook'; to: string }
  | { kind: 'popup'; vassalage: string }
  | { kind: 'launch'; to: string };

/**
 * Where starting a game leads (spec §4 "Game start"): LOTT or ELOTT to /lottery (vendor falls back to
 * accountTypeName, game code to code), the in-house sportsbook's lines to /sports or /esports, a VASSALAGE line to the popup list of its games, anything else to /game,
 * which launches it. The caller checks the login first.
 */
export function gameStart(game: Game, mode: 'real' | 'demo' = 'real'): GameStart {
  const vendor = game.vendor || game.accountTypeName;
  if (lotteryTypes.includes(game.gameType) || lotteryVendors.includes(vendor)) {
    const query = new URLSearchParams({ gameCode: game.gameCode || game.code, vendor });
    if (game.defaultPlayType) query.set('playType', game.defaultPlayType);
    return { kind: 'lottery', to: `/lottery?${query}` };
  }
  const book = sportsbookPage(game.vassalage);
  if (book) return { kind: 'sportsbook', to: book };
  if (game.isGame === 'VASSALAGE') return { kind: 'popup', vassalage: game.vassalage };
  const query = new URLSearchParams({ nodeId: String(game.nodeId) });
  if (mode === 'demo') query.set('mode', 'demo');
  return { kind: 'launch', to: `/game?${query}` };
}

/** One host picked at random from the server's CDN list, or the default (spec §7: hosts chosen at random). */
export function pickHost(hosts: readonly string[], fallback: string, random = Math.random): string {
  const usable = hosts.filter((h) => /^https?:\/\/[^\s/]+/i.test(h));
  if (usable.length === 0) return fallback;
  return (usable[Math.floor(random() * usable.length)] ?? fallback).replace(/\/$/, '');
}

/** A launch or image address on the chosen host; same-origin paths (our own /games/, /lgw/) keep their path. */
export function onHost(url: string, host: string): string {
  if (/^https?:\/\//i.test(url) || !host) return url;
  return `${host}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** Minor units as the merchant shows money: symbol, thousands separators, the currency's decimals. */
export function formatMoney(minor: number, currency: SiteCurrency, decimals?: number) {
  return siteMoney(minor, currency, decimals ?? currency.exponent);
}
