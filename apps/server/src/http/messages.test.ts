import { errorStatus } from '@tala/contracts/errors';
import { languageCodes } from '@tala/contracts/languages';
import { completenessProblems, loanwords, singleBraces } from '@tala/contracts/locale-completeness';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app.ts';
import { catalogues, EN, localise } from './messages.ts';

const codes = Object.keys(errorStatus).sort();
const placeholders = (template: string) => [...new Set(template.match(/\{\w+\}/g) ?? [])].sort();

describe('server message catalogues', () => {
  it('has a catalogue for every language of the site', () => {
    expect(Object.keys(catalogues).sort()).toEqual([...languageCodes].sort());
  });

  for (const [language, catalogue] of Object.entries(catalogues)) {
    it(`${language} has every error code, no other, each non-empty with the placeholders of EN`, () => {
      expect(Object.keys(catalogue ?? {}).sort()).toEqual(codes);
      for (const [code, template] of Object.entries(catalogue ?? {})) {
        expect(template.trim(), `${language} ${code}`).not.toBe('');
        expect(placeholders(template), `${language} ${code}`).toEqual(
          placeholders(EN[code as keyof typeof EN]),
        );
      }
    });
  }

  it.each(['CN', 'ID', 'TH', 'VI'] as const)(
    '%s leaves no message in English (names and codes aside)',
    (code) => {
      expect(
        completenessProblems(new Map(Object.entries(EN)), new Map(Object.entries(catalogues[code] ?? {})), {
          placeholders: singleBraces,
          noEnglish: true,
          sameInThisLanguage: loanwords[code],
        }),
      ).toEqual([]);
    },
  );

  it('fills placeholders in the asked language', () => {
    expect(localise('too_many_attempts', 'CN', { seconds: 30 })).toBe('尝试次数过多，请等待 30 秒后重试。');
    expect(localise('bank_card_limit', 'VI', { max: 5 })).toBe('Bạn có thể liên kết tối đa 5 thẻ ngân hàng.');
    expect(localise('login_failed', 'ID')).toBe('Nama pengguna atau kata sandi salah.');
    expect(localise('insufficient_funds', 'TH')).toBe('ยอดเงินไม่เพียงพอสำหรับจำนวนนี้');
  });
});

describe('a request in CN', () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  beforeAll(async () => {
    app = (await testApp()).app;
  });

  it('gets its 4xx message in Simplified Chinese, and EN without the header', async () => {
    const chinese = await app.inject({
      url: '/wps/member/info',
      headers: { merchant: 'tala', language: 'cn' },
    });
    expect(chinese.statusCode).toBe(401);
    expect(chinese.json()).toMatchObject({ errorCode: 'not_logged_in', message: '您尚未登录，请先登录。' });
    const english = await app.inject({ url: '/wps/member/info', headers: { merchant: 'tala' } });
    expect(english.json()).toMatchObject({
      errorCode: 'not_logged_in',
      message: 'Not logged in, please log in.',
    });
  });
});
