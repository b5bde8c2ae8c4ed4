import { afterAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadDeferredTexts } from './i18n.ts';

/** The sportsbook's names of sports, markets and outcomes come from @tala/sports/names with each language's file. */
describe('the site’s texts with the shared sportsbook names', () => {
  afterAll(() => changeLanguage('EN', false));

  it('has them in English with the deferred texts, and in a language chosen later with its file', async () => {
    await loadDeferredTexts();
    expect(i18n.t('sportsbook.sports.football')).toBe('Football');
    expect(i18n.t('sportsbook.marketNames.ice_hockey.handicap', { hcp: '+1.5' })).toBe('Puck line +1.5');
    // The file's own sportsbook texts stay beside them.
    expect(i18n.t('sportsbook.cashOut')).toBe('Cash out');

    await changeLanguage('TH', false);
    expect(i18n.t('sportsbook.sports.football')).toBe('ฟุตบอล');
    expect(i18n.t('sportsbook.outcomeNames.draw')).not.toBe('Draw');
    expect(i18n.t('sportsbook.cashOut')).not.toBe('Cash out');
    await changeLanguage('CN', false);
    expect(i18n.t('sportsbook.sports.dota2')).toBe('刀塔2');
  });
});
