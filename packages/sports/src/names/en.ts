import { esportsBrands } from './brands.ts';

/**
 * The names of sports, markets and outcomes in English: the texts @tala/sports/market-names looks up (keys
 * `sports.<sport>`, `marketNames.<type>`, `marketNames.<sport>.<type>`, `outcomeNames.<id>`, `fromScore`), the same for
 * the player site (under `sportsbook.`) and the back office's trading desk (under `sportsTrading.`). Every other
 * language's table has exactly these keys and placeholders (names.test.ts).
 */
export const en = {
  sports: {
    ...esportsBrands,
    football: 'Football',
    basketball: 'Basketball',
    tennis: 'Tennis',
    ice_hockey: 'Ice hockey',
    volleyball: 'Volleyball',
    badminton: 'Badminton',
    table_tennis: 'Table tennis',
    baseball: 'Baseball',
  },
  marketNames: {
    '1x2': '1X2',
    winner: 'Match winner',
    asian_handicap: 'Asian handicap {{hcp}}',
    handicap: 'Handicap {{hcp}}',
    total: 'Total {{total}}',
    odd_even: 'Total odd or even',
    btts: 'Both teams to score',
    correct_score: 'Correct score',
    highest_scoring_half: 'Highest scoring half (dead heat rules)',
    set_handicap: 'Set handicap {{hcp}}',
    total_games: 'Total games {{total}}',
    total_points: 'Total points {{total}}',
    map_handicap: 'Map handicap {{hcp}}',
    total_maps: 'Total maps {{total}}',
    map_winner: 'Map {{mapnr}} winner',
    outright: '{{league}} winner',
    football: {
      total: 'Total goals {{total}}',
      odd_even: 'Total goals odd or even',
    },
    ice_hockey: {
      '1x2': '1X2 (regular time)',
      winner: 'Winner (incl. overtime and penalties)',
      handicap: 'Puck line {{hcp}}',
      total: 'Total goals (incl. overtime) {{total}}',
    },
    basketball: {
      winner: 'Moneyline (incl. overtime)',
      handicap: 'Handicap (incl. overtime) {{hcp}}',
      total: 'Total points (incl. overtime) {{total}}',
    },
    baseball: {
      winner: 'Moneyline (incl. extra innings)',
      handicap: 'Run line {{hcp}}',
      total: 'Total runs {{total}}',
    },
  },
  outcomeNames: {
    draw: 'Draw',
    over: 'Over {{total}}',
    under: 'Under {{total}}',
    odd: 'Odd',
    even: 'Even',
    yes: 'Yes',
    no: 'No',
    first: '1st half',
    second: '2nd half',
    other: 'Any other score',
  },
  fromScore: '{{name}} · from {{score}}',
};

/** A language's table: the English one's keys, any words. */
export type SportsNames = {
  sports: Record<keyof typeof en.sports, string>;
  marketNames: Texts<typeof en.marketNames>;
  outcomeNames: Record<keyof typeof en.outcomeNames, string>;
  fromScore: string;
};
type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
