import { countries } from './countries.ts';

const english = new Map(countries);

/** A country's name in the interface language (from the browser's Intl data), else its shipped English name. */
export function countryNamer(locale: string): (code: string) => string {
  let display: Intl.DisplayNames | undefined;
  try {
    display = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'none' });
  } catch {
    display = undefined;
  }
  return (code) => {
    let name: string | undefined;
    try {
      name = display?.of(code);
    } catch {
      name = undefined;
    }
    return name && name !== code ? name : (english.get(code) ?? code);
  };
}
