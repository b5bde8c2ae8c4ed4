import { esportsBrands } from './brands.ts';
import type { SportsNames } from './en.ts';

/** The names of sports, markets and outcomes in Thai (see en.ts). */
export const th: SportsNames = {
  sports: {
    ...esportsBrands,
    football: 'ฟุตบอล',
    basketball: 'บาสเกตบอล',
    tennis: 'เทนนิส',
    ice_hockey: 'ฮอกกี้น้ำแข็ง',
    volleyball: 'วอลเลย์บอล',
    badminton: 'แบดมินตัน',
    table_tennis: 'เทเบิลเทนนิส',
    baseball: 'เบสบอล',
  },
  marketNames: {
    '1x2': 'ผลการแข่งขัน (1X2)',
    winner: 'ผู้ชนะการแข่งขัน',
    asian_handicap: 'แฮนดิแคปเอเชีย {{hcp}}',
    handicap: 'แฮนดิแคป {{hcp}}',
    total: 'สกอร์รวม {{total}}',
    odd_even: 'คี่/คู่ สกอร์รวม',
    btts: 'ทั้งสองทีมทำประตูได้',
    correct_score: 'สกอร์ที่ถูกต้อง',
    highest_scoring_half: 'ครึ่งที่มีสกอร์มากที่สุด (กฎ dead heat)',
    set_handicap: 'แฮนดิแคปเซต {{hcp}}',
    total_games: 'เกมรวม {{total}}',
    total_points: 'แต้มรวม {{total}}',
    map_handicap: 'แฮนดิแคปแมพ {{hcp}}',
    total_maps: 'จำนวนแมพรวม {{total}}',
    map_winner: 'ผู้ชนะแมพที่ {{mapnr}}',
    outright: 'แชมป์ {{league}}',
    football: {
      total: 'ประตูรวม {{total}}',
      odd_even: 'คี่/คู่ ประตูรวม',
    },
    ice_hockey: {
      '1x2': 'ผลการแข่งขัน (เวลาปกติ)',
      winner: 'ผู้ชนะ (รวมต่อเวลาและยิงจุดโทษ)',
      handicap: 'พัคไลน์ {{hcp}}',
      total: 'ประตูรวม (รวมต่อเวลา) {{total}}',
    },
    basketball: {
      winner: 'ผู้ชนะ (รวมต่อเวลา)',
      handicap: 'แฮนดิแคป (รวมต่อเวลา) {{hcp}}',
      total: 'แต้มรวม (รวมต่อเวลา) {{total}}',
    },
    baseball: {
      winner: 'ผู้ชนะ (รวมอินนิงพิเศษ)',
      handicap: 'รันไลน์ {{hcp}}',
      total: 'รันรวม {{total}}',
    },
  },
  outcomeNames: {
    draw: 'เสมอ',
    over: 'สูงกว่า {{total}}',
    under: 'ต่ำกว่า {{total}}',
    odd: 'คี่',
    even: 'คู่',
    yes: 'ใช่',
    no: 'ไม่ใช่',
    first: 'ครึ่งแรก',
    second: 'ครึ่งหลัง',
    other: 'สกอร์อื่น',
  },
  fromScore: '{{name}} · นับจากสกอร์ {{score}}',
};
