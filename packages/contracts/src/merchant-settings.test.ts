import { describe, expect, it } from 'vitest';
import { maintenanceSetting, regionSetting, whitelabel } from './merchant-settings.ts';

/** The merchant's player-facing texts are per language, with the rules of every translations field (decision 066). */
describe("a merchant's texts per language", () => {
  const maintenance = { enabled: false, title: { EN: 'Down' }, message: { EN: 'Back soon.' }, endTime: null };

  it('accepts a text per site language, English required', () => {
    const texts = { EN: 'Back soon.', VI: 'Chúng tôi sẽ quay lại sớm.', TH: 'กลับมาเร็ว ๆ นี้' };
    expect(maintenanceSetting.parse({ ...maintenance, message: texts }).message).toEqual(texts);
    expect(regionSetting.safeParse({ mode: 'off', countries: [], message: { TY: 'Wala' } }).success).toBe(
      false,
    );
  });

  it('refuses an unknown language, an over-long text and a plain string', () => {
    const issues = (value: unknown) => maintenanceSetting.safeParse(value).error?.issues ?? [];
    expect(issues({ ...maintenance, message: { EN: 'x', JA: 'y' } })).toMatchObject([
      { code: 'unrecognized_keys', path: ['message'] },
    ]);
    expect(issues({ ...maintenance, title: { EN: 'x', VI: 'y'.repeat(201) } })).toMatchObject([
      { code: 'too_big', path: ['title', 'VI'] },
    ]);
    expect(issues({ ...maintenance, message: { EN: 'z'.repeat(2001) } })).toMatchObject([
      { code: 'too_big', path: ['message', 'EN'] },
    ]);
    expect(issues({ ...maintenance, title: 'Down' })).toMatchObject([{ path: ['title'] }]);
    expect(whitelabel.shape.copyright.safeParse({ EN: '© Tala', CN: '© Tala 版权所有' }).success).toBe(true);
    expect(whitelabel.shape.licenceText.safeParse('Licensed.').success).toBe(false);
  });
});
