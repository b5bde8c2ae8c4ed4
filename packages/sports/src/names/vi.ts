import { esportsBrands } from './brands.ts';
import type { SportsNames } from './en.ts';

/** The names of sports, markets and outcomes in Vietnamese (see en.ts). */
export const vi: SportsNames = {
  sports: {
    ...esportsBrands,
    football: 'Bóng đá',
    basketball: 'Bóng rổ',
    tennis: 'Quần vợt',
    ice_hockey: 'Khúc côn cầu',
    volleyball: 'Bóng chuyền',
    badminton: 'Cầu lông',
    table_tennis: 'Bóng bàn',
    baseball: 'Bóng chày',
  },
  marketNames: {
    '1x2': 'Kết quả trận (1X2)',
    winner: 'Đội thắng trận',
    asian_handicap: 'Kèo chấp châu Á {{hcp}}',
    handicap: 'Kèo chấp {{hcp}}',
    total: 'Tổng {{total}}',
    odd_even: 'Tổng chẵn/lẻ',
    btts: 'Cả hai đội ghi bàn',
    correct_score: 'Tỷ số chính xác',
    highest_scoring_half: 'Hiệp có nhiều điểm nhất (luật dead heat)',
    set_handicap: 'Chấp set {{hcp}}',
    total_games: 'Tổng số game {{total}}',
    total_points: 'Tổng điểm {{total}}',
    map_handicap: 'Chấp map {{hcp}}',
    total_maps: 'Tổng số map {{total}}',
    map_winner: 'Đội thắng map {{mapnr}}',
    outright: 'Vô địch {{league}}',
    football: {
      total: 'Tổng bàn thắng {{total}}',
      odd_even: 'Tổng bàn thắng chẵn/lẻ',
    },
    ice_hockey: {
      '1x2': 'Kết quả trận (thời gian chính thức)',
      winner: 'Đội thắng (gồm hiệp phụ và luân lưu)',
      handicap: 'Chấp puck {{hcp}}',
      total: 'Tổng bàn thắng (gồm hiệp phụ) {{total}}',
    },
    basketball: {
      winner: 'Đội thắng (gồm hiệp phụ)',
      handicap: 'Kèo chấp (gồm hiệp phụ) {{hcp}}',
      total: 'Tổng điểm (gồm hiệp phụ) {{total}}',
    },
    baseball: {
      winner: 'Đội thắng (gồm hiệp phụ)',
      handicap: 'Chấp run {{hcp}}',
      total: 'Tổng số run {{total}}',
    },
  },
  outcomeNames: {
    draw: 'Hòa',
    over: 'Tài {{total}}',
    under: 'Xỉu {{total}}',
    odd: 'Lẻ',
    even: 'Chẵn',
    yes: 'Có',
    no: 'Không',
    first: 'Hiệp 1',
    second: 'Hiệp 2',
    other: 'Tỷ số khác',
  },
  fromScore: '{{name}} · từ tỷ số {{score}}',
};
