import { languageCodes } from '@tala/contracts/languages';
import { describe, expect, it } from 'vitest';
import { codeTexts } from './code-texts.ts';

// What members receive by SMS and e-mail, in every language of the site (decision 066).
const sample = (language: (typeof languageCodes)[number]) => {
  const texts = codeTexts(language);
  return {
    sms: texts.smsCode('Tala', '493817', 10),
    login: texts.loginEmail('Tala', '493817', 10),
    contact: texts.contactEmail('Tala', '493817', 10),
    reset: texts.passwordReset('Tala', 'juan23', 'https://tala.test/index?resetToken=abc', 30),
  };
};

describe('the SMS and e-mail texts', () => {
  it.each(languageCodes.filter((code) => code !== 'EN'))(
    'in %s carry the brand, code, minutes and link, and none is the English text',
    (language) => {
      const own = sample(language);
      const en = sample('EN');
      for (const text of [own.sms, own.login.text, own.contact.text]) {
        expect(text).toContain('Tala');
        expect(text).toContain('493817');
        expect(text).toContain('10');
      }
      expect(own.reset.text).toContain('juan23');
      expect(own.reset.text).toContain('https://tala.test/index?resetToken=abc');
      expect(own.reset.text).toContain('30');
      expect(own.sms).not.toBe(en.sms);
      for (const kind of ['login', 'contact', 'reset'] as const) {
        expect(own[kind].subject.trim()).not.toBe('');
        expect(own[kind].subject).not.toBe(en[kind].subject);
        expect(own[kind].text).not.toBe(en[kind].text);
      }
    },
  );
});
