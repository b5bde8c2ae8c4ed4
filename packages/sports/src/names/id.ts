import { esportsBrands } from './brands.ts';
import type { SportsNames } from './en.ts';

/** The names of sports, markets and outcomes in Indonesian (see en.ts). */
export const id: SportsNames = {
  sports: {
    ...esportsBrands,
    football: 'Sepak bola',
    basketball: 'Bola basket',
    tennis: 'Tenis',
    ice_hockey: 'Hoki es',
    volleyball: 'Bola voli',
    badminton: 'Bulu tangkis',
    table_tennis: 'Tenis meja',
    baseball: 'Bisbol',
  },
  marketNames: {
    '1x2': 'Hasil akhir (1X2)',
    winner: 'Pemenang pertandingan',
    asian_handicap: 'Handicap Asia {{hcp}}',
    handicap: 'Voor {{hcp}}',
    total: 'Jumlah {{total}}',
    odd_even: 'Ganjil/genap jumlah',
    btts: 'Kedua tim mencetak gol',
    correct_score: 'Skor tepat',
    highest_scoring_half: 'Babak dengan skor terbanyak (aturan dead heat)',
    set_handicap: 'Voor set {{hcp}}',
    total_games: 'Jumlah game {{total}}',
    total_points: 'Jumlah poin {{total}}',
    map_handicap: 'Voor map {{hcp}}',
    total_maps: 'Jumlah map {{total}}',
    map_winner: 'Pemenang map {{mapnr}}',
    outright: 'Juara {{league}}',
    football: {
      total: 'Jumlah gol {{total}}',
      odd_even: 'Ganjil/genap jumlah gol',
    },
    ice_hockey: {
      '1x2': 'Hasil akhir (waktu normal)',
      winner: 'Pemenang (termasuk perpanjangan waktu dan adu penalti)',
      handicap: 'Voor puck {{hcp}}',
      total: 'Jumlah gol (termasuk perpanjangan waktu) {{total}}',
    },
    basketball: {
      winner: 'Pemenang (termasuk perpanjangan waktu)',
      handicap: 'Voor (termasuk perpanjangan waktu) {{hcp}}',
      total: 'Jumlah poin (termasuk perpanjangan waktu) {{total}}',
    },
    baseball: {
      winner: 'Pemenang (termasuk inning tambahan)',
      handicap: 'Voor run {{hcp}}',
      total: 'Jumlah run {{total}}',
    },
  },
  outcomeNames: {
    draw: 'Seri',
    over: 'Di atas {{total}}',
    under: 'Di bawah {{total}}',
    odd: 'Ganjil',
    even: 'Genap',
    yes: 'Ya',
    no: 'Tidak',
    first: 'Babak pertama',
    second: 'Babak kedua',
    other: 'Skor lainnya',
  },
  fromScore: '{{name}} · sejak skor {{score}}',
};
