import { describe, expect, it } from 'vitest';
import { clientDevices, popularQuery } from './games.ts';
import { gameMenuQuery } from './lottery.ts';

describe('the client device of game_menu and popular (spec §7 "device WEB", decision 043)', () => {
  it('takes WEB, H5 and APP in any letter case, and nothing else', () => {
    expect(clientDevices).toEqual(['WEB', 'H5', 'APP']);
    for (const [given, read] of [
      ['WEB', 'WEB'],
      ['h5', 'H5'],
      [' app ', 'APP'],
    ] as const) {
      expect(gameMenuQuery.parse({ device: given }).device).toBe(read);
      expect(popularQuery.parse({ device: given }).device).toBe(read);
    }
    expect(gameMenuQuery.parse({}).device).toBeUndefined();
    for (const bad of ['PC', 'TV', '', 'WEBWEB']) {
      const menu = gameMenuQuery.safeParse({ device: bad });
      expect(menu.success, bad).toBe(false);
      expect(menu.error?.issues[0]?.path).toEqual(['device']);
      expect(popularQuery.safeParse({ device: bad }).success, bad).toBe(false);
    }
  });
});
