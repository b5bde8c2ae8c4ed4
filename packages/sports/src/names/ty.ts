import { en, type SportsNames } from './en.ts';

/** The names of sports, markets and outcomes in Tagalog (see en.ts). */
export const ty: SportsNames = {
  // Filipino sites name the sports as English does.
  sports: en.sports,
  marketNames: {
    '1x2': '1X2',
    winner: 'Mananalo sa laban',
    asian_handicap: 'Asian handicap {{hcp}}',
    handicap: 'Handicap {{hcp}}',
    total: 'Kabuuan {{total}}',
    odd_even: 'Odd o even na kabuuan',
    btts: 'Makakaiskor ang dalawang koponan',
    correct_score: 'Eksaktong iskor',
    highest_scoring_half: 'Half na may pinakamaraming iskor (dead heat)',
    set_handicap: 'Set handicap {{hcp}}',
    total_games: 'Kabuuang games {{total}}',
    total_points: 'Kabuuang puntos {{total}}',
    map_handicap: 'Map handicap {{hcp}}',
    total_maps: 'Kabuuang maps {{total}}',
    map_winner: 'Mananalo sa map {{mapnr}}',
    outright: 'Kampeon ng {{league}}',
    football: {
      total: 'Kabuuang gol {{total}}',
      odd_even: 'Odd o even na kabuuang gol',
    },
    ice_hockey: {
      '1x2': '1X2 (regular na oras)',
      winner: 'Mananalo (kasama ang overtime at penalties)',
      handicap: 'Puck line {{hcp}}',
      total: 'Kabuuang gol (kasama ang overtime) {{total}}',
    },
    basketball: {
      winner: 'Moneyline (kasama ang overtime)',
      handicap: 'Handicap (kasama ang overtime) {{hcp}}',
      total: 'Kabuuang puntos (kasama ang overtime) {{total}}',
    },
    baseball: {
      winner: 'Moneyline (kasama ang extra innings)',
      handicap: 'Run line {{hcp}}',
      total: 'Kabuuang runs {{total}}',
    },
  },
  outcomeNames: {
    draw: 'Tabla',
    over: 'Lampas {{total}}',
    under: 'Kulang {{total}}',
    odd: 'Odd',
    even: 'Even',
    yes: 'Oo',
    no: 'Hindi',
    first: 'Unang half',
    second: 'Ikalawang half',
    other: 'Ibang iskor',
  },
  fromScore: '{{name}} · mula {{score}}',
};
