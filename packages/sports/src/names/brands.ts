/** The esports' brand names, the same in every language that does not give a game its own name (Chinese does). */
export const esportsBrands = {
  mobile_legends: 'Mobile Legends',
  dota2: 'Dota 2',
  counter_strike: 'Counter-Strike',
  league_of_legends: 'League of Legends',
  valorant: 'Valorant',
};
