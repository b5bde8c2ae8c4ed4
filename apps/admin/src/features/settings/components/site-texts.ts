import type { LanguageCode } from '@tala/contracts/language-codes';
import type { MerchantSettings, MerchantText } from '@tala/contracts/merchant-settings';
import { setTranslation } from '../../content/components/shared.tsx';

/**
 * The languages the operator writes the site's texts in: English first (required, the fallback of every other),
 * then the languages the draft offers. A text kept for a language no longer offered stays in the document.
 */
export function textLanguages(settings: MerchantSettings): LanguageCode[] {
  return ['EN', ...settings.whitelabel.supportedLanguages.filter((l) => l !== 'EN')];
}

/** Sets a language's text; an empty one (other than English) is removed, so the site falls back to English. */
export function setText(texts: MerchantText, language: LanguageCode, value: string): MerchantText {
  return setTranslation(texts, language, value, (v) => v.trim() === '');
}
