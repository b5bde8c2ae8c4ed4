import type { LanguageCode } from '@tala/contracts/language-codes';

/**
 * Texts of the system's platform messages, per language. A message stores its key and parameters and is written in
 * the reader's language when read, so a member who switches language reads it in the new one. `{title}` may be
 * given per language (a promotion's title); the other parameters are values (an amount already formatted).
 */
const texts = {
  bonus_paid: {
    EN: {
      title: 'Bonus received: {title}',
      body: '{amount} has been added to your wallet as a bonus from {title}.',
    },
    TY: {
      title: 'Natanggap ang bonus: {title}',
      body: 'Naidagdag sa iyong wallet ang {amount} bilang bonus mula sa {title}.',
    },
    CN: { title: '已收到红利：{title}', body: '{amount} 已作为 {title} 的红利存入您的钱包。' },
    ID: {
      title: 'Bonus diterima: {title}',
      body: '{amount} telah ditambahkan ke dompet Anda sebagai bonus dari {title}.',
    },
    TH: { title: 'ได้รับโบนัสแล้ว: {title}', body: '{amount} ถูกเพิ่มเข้ากระเป๋าเงินของคุณเป็นโบนัสจาก {title}' },
    VI: {
      title: 'Đã nhận thưởng: {title}',
      body: '{amount} đã được cộng vào ví của bạn làm tiền thưởng từ {title}.',
    },
  },
} satisfies Record<string, Record<LanguageCode, { title: string; body: string }>>;

export type SystemTextKey = keyof typeof texts;

function fill(
  template: string,
  params: Record<string, unknown>,
  language: LanguageCode,
  fallback: LanguageCode,
) {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    if (value !== null && typeof value === 'object') {
      const map = value as Partial<Record<LanguageCode, string>>;
      return map[language] ?? map[fallback] ?? map.EN ?? Object.values(map)[0] ?? '';
    }
    return value === undefined ? whole : String(value);
  });
}

/** The title and body of a system message in `language` (the merchant's default language, then English, after). */
export function systemText(
  key: string,
  params: Record<string, unknown>,
  language: LanguageCode,
  fallback: LanguageCode,
) {
  const entry = (texts as Record<string, Record<LanguageCode, { title: string; body: string }>>)[key];
  if (!entry) return { title: key, body: '' };
  const text = entry[language] ?? entry[fallback] ?? entry.EN;
  return {
    title: fill(text.title, params, language, fallback),
    body: fill(text.body, params, language, fallback),
  };
}
