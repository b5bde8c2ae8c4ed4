import type { FeedSport } from '@tala/contracts/odds-feed';
import type { Random } from './random.ts';

/**
 * The invented world the feed reports on: leagues and sides with plausible names (none of them real), how many
 * fixtures each sport has per day and at what hours. Only the game titles of the esports are real names.
 */
export type League = { id: number; name: string; category: string; sides: number; individual?: boolean };
export type SportSetup = {
  sport: FeedSport;
  leagues: League[];
  perDay: number;
  /** Kick-off hours (UTC) the fixtures are spread over. */
  hours: [number, number];
  bestOf?: number[];
  /** How much playing at home is worth, in strength. */
  homeEdge: number;
};

const cities = [
  'Cebu',
  'Davao',
  'Iloilo',
  'Bacolod',
  'Baguio',
  'Cagayan',
  'Zamboanga',
  'Tacloban',
  'Batangas',
  'Pampanga',
  'Laguna',
  'Bohol',
  'Palawan',
  'Legazpi',
  'Dumaguete',
  'Ilocos',
  'Penang',
  'Ipoh',
  'Malacca',
  'Kuching',
  'Sabah',
  'Johor',
  'Surabaya',
  'Bandung',
  'Medan',
  'Makassar',
  'Semarang',
  'Danang',
  'Haiphong',
  'Hue',
  'Cantho',
  'Chiangmai',
  'Korat',
  'Udon',
  'Phuket',
  'Hatyai',
  'Vientiane',
  'Siemreap',
  'Yangon',
  'Mandalay',
];
const clubs = [
  'United',
  'City',
  'Mariners',
  'Eagles',
  'Tamaraws',
  'Carabaos',
  'Sharks',
  'Warriors',
  'Stallions',
  'Kings',
  'Rangers',
  'Tigers',
  'Hornbills',
  'Monsoon',
  'Typhoons',
  'Volcanoes',
  'Pearls',
  'Rovers',
  'Athletic',
  'Dragons',
];
const firstNames = [
  'Marco',
  'Luis',
  'Arjun',
  'Kenji',
  'Rafael',
  'Nguyen',
  'Somchai',
  'Adi',
  'Farid',
  'Jomar',
  'Paolo',
  'Rizal',
  'Anika',
  'Maya',
  'Lina',
  'Sofia',
  'Hana',
  'Mei',
  'Dewi',
  'Isabel',
  'Tala',
  'Kim',
  'Linh',
  'Ploy',
];
const lastNames = [
  'Santos',
  'Reyes',
  'Cruz',
  'Bautista',
  'Tan',
  'Lim',
  'Wijaya',
  'Pham',
  'Tran',
  'Suzuki',
  'Ocampo',
  'Halim',
  'Kusuma',
  'Rahman',
  'Ortega',
  'Navarro',
  'Aquino',
  'Villanueva',
  'Chua',
  'Sato',
  'Park',
  'Mendoza',
];
const teamWords = [
  'Nightowls',
  'Phoenix',
  'Valkyrie',
  'Monsoon',
  'Kraken',
  'Titan',
  'Zenith',
  'Nova',
  'Raptor',
  'Specter',
  'Ember',
  'Onyx',
  'Vortex',
  'Hydra',
  'Tempest',
  'Lumen',
  'Apex',
  'Cobalt',
  'Ronin',
  'Sable',
];
const teamSuffix = ['Esports', 'Gaming', 'Club', 'Squad', 'X', 'Academy', 'Legion', 'Crew'];

export const setups: SportSetup[] = [
  {
    sport: 'football',
    leagues: [
      { id: 101, name: 'Archipelago Premier League', category: 'Philippines', sides: 16 },
      { id: 102, name: 'Peninsula Super League', category: 'Malaysia', sides: 14 },
      { id: 103, name: 'Nusantara Liga 1', category: 'Indonesia', sides: 18 },
      { id: 104, name: 'Mekong Championship', category: 'Vietnam', sides: 14 },
    ],
    perDay: 14,
    hours: [6, 22],
    homeEdge: 0.06,
  },
  {
    sport: 'basketball',
    leagues: [
      { id: 201, name: 'Island Basketball Association', category: 'Philippines', sides: 12 },
      { id: 202, name: 'Southeast Hoops League', category: 'International', sides: 10 },
    ],
    perDay: 6,
    hours: [8, 14],
    homeEdge: 0.04,
  },
  {
    sport: 'tennis',
    leagues: [
      { id: 301, name: 'Manila Open, Men Singles', category: 'ATP-level', sides: 32, individual: true },
      { id: 302, name: 'Bali Classic, Women Singles', category: 'WTA-level', sides: 32, individual: true },
    ],
    perDay: 8,
    hours: [1, 12],
    homeEdge: 0,
  },
  {
    sport: 'ice_hockey',
    leagues: [{ id: 401, name: 'Northern Ice League', category: 'International', sides: 12 }],
    perDay: 3,
    hours: [10, 20],
    homeEdge: 0.04,
  },
  {
    sport: 'volleyball',
    leagues: [{ id: 501, name: 'Spike Premier Volleyball', category: 'Philippines', sides: 10 }],
    perDay: 4,
    hours: [5, 13],
    homeEdge: 0.03,
  },
  {
    sport: 'badminton',
    leagues: [
      { id: 601, name: 'Straits Badminton Open', category: 'International', sides: 32, individual: true },
    ],
    perDay: 4,
    hours: [2, 12],
    homeEdge: 0,
  },
  {
    sport: 'table_tennis',
    leagues: [
      { id: 701, name: 'Pacific Table Tennis Cup', category: 'International', sides: 24, individual: true },
    ],
    perDay: 6,
    hours: [0, 23],
    homeEdge: 0,
  },
  {
    sport: 'baseball',
    leagues: [{ id: 801, name: 'Coral Baseball League', category: 'International', sides: 10 }],
    perDay: 3,
    hours: [3, 11],
    homeEdge: 0.03,
  },
  ...(
    [
      ['mobile_legends', 'MLBB Archipelago Pro League', [3, 5]],
      ['dota2', 'Dota 2 Southeast Invitational', [3]],
      ['counter_strike', 'Counter-Strike Monsoon Masters', [1, 3]],
      ['league_of_legends', 'League of Legends Pacific Series', [1, 3]],
      ['valorant', 'Valorant Tropic Challengers', [3]],
    ] as const
  ).map(
    ([sport, name, bestOf], i): SportSetup => ({
      sport,
      leagues: [{ id: 901 + i, name, category: 'Esports', sides: 10 }],
      perDay: 3,
      hours: [9, 16],
      bestOf: [...bestOf],
      homeEdge: 0,
    }),
  ),
];

/** The sides of a league, with a rating each (the stronger, the higher), the same for a given seed. */
export function sidesOf(setup: SportSetup, league: League, rng: Random) {
  const used = new Set<string>();
  const sides: { id: string; name: string; abbreviation: string; rating: number }[] = [];
  for (let i = 0; i < league.sides; i++) {
    let name = '';
    do {
      if (league.individual) name = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`;
      else if (setup.sport === 'football' || setup.sport === 'basketball' || setup.sport === 'ice_hockey')
        name = `${rng.pick(cities)} ${rng.pick(clubs)}`;
      else if (league.category === 'Esports') name = `${rng.pick(teamWords)} ${rng.pick(teamSuffix)}`;
      else name = `${rng.pick(cities)} ${rng.pick(clubs)}`;
    } while (used.has(name));
    used.add(name);
    const abbreviation = name
      .split(' ')
      .map((w) => w.slice(0, league.individual ? 3 : 1))
      .join('')
      .toUpperCase()
      .slice(0, 4);
    sides.push({
      id: `sim:competitor:${league.id}${String(i).padStart(3, '0')}`,
      name,
      abbreviation,
      rating: rng.normal(0, 1),
    });
  }
  return sides;
}
