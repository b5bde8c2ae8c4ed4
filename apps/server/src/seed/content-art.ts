// Demo art drawn as SVG in code: banners, partner logos. No image comes from an outside host.

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export type BannerArt = {
  width: number;
  height: number;
  /** Two brand colours for the background gradient. */
  from: string;
  to: string;
  accent: string;
  kicker: string;
  headline: string;
  subline: string;
  cta: string;
  /** Decoration motif. */
  motif: 'coins' | 'cards' | 'waves' | 'stars' | 'ball' | 'phone' | 'gift' | 'dice';
  seed: number;
  /** The BCP 47 tag of the texts, so a viewer picks the right system font (Chinese, not Japanese, glyphs). */
  lang?: string;
  /** The sign on the coins motif's coins: the merchant's currency symbol (default P, the peso's). */
  coin?: string;
};

/** Ideographs, kana, hangul and full-width forms: about a full em wide, twice a Latin letter. */
const wide =
  /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{20000}-\u{3FFFD}]/u;
/** Marks drawn above or below the letter before them (Thai vowels and tones, decomposed accents): no width. */
const mark = /\p{M}/u;
const narrow = /[\s.,:;'\u2019!|()iIljtfr-]/;

/**
 * Roughly how wide a text is, in ems of a sans-serif system font: the SVG's fonts are the viewer's, so it can only be
 * estimated. Wide characters count a full em, marks nothing, Latin and Vietnamese letters about half an em, Thai
 * ones a little more.
 */
export function textEms(text: string): number {
  let ems = 0;
  for (const char of text) {
    if (mark.test(char)) continue;
    if (wide.test(char)) ems += 1;
    else if (narrow.test(char)) ems += 0.3;
    else if (/[mwMW]/.test(char)) ems += 0.85;
    else if (/\p{Lu}/u.test(char)) ems += 0.7;
    else if (/[\u0E00-\u0E7F]/.test(char)) ems += 0.6;
    else ems += 0.52;
  }
  return ems;
}

/** Bold letters are about a tenth wider. */
const bold = 1.1;

/** The font size at which a line fits its room: the given size if it fits, else smaller, down to 60% of it. */
function fitted(text: string, size: number, room: number, { weight = 1, spacing = 0 } = {}) {
  const natural = textEms(text) * size * weight + spacing * [...text].length;
  return natural <= room ? size : Math.max(Math.floor((size * room) / natural), Math.round(size * 0.6));
}

/** A small deterministic generator, so the seeded art is the same on every start. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

function motif(art: BannerArt): string {
  const next = random(art.seed);
  const { width: w, height: h, accent } = art;
  const right = w * 0.62;
  const shapes: string[] = [];
  switch (art.motif) {
    case 'coins':
      for (let i = 0; i < 9; i++) {
        const x = right + next() * (w - right - 40);
        const y = 30 + next() * (h - 60);
        const r = 18 + next() * 30;
        shapes.push(
          `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${accent}" stroke="#fff8" stroke-width="4"/>`,
          `<text x="${x.toFixed(0)}" y="${(y + r * 0.35).toFixed(0)}" font-size="${(r * 1.1).toFixed(0)}" text-anchor="middle" fill="#0006" font-family="Arial, sans-serif" font-weight="700">${xmlText(art.coin ?? 'P')}</text>`,
        );
      }
      break;
    case 'cards':
      for (let i = 0; i < 4; i++) {
        const x = right + 40 + i * 70;
        const rotate = -20 + i * 14;
        shapes.push(
          `<g transform="rotate(${rotate} ${x + 45} ${h * 0.55})"><rect x="${x}" y="${h * 0.25}" width="90" height="130" rx="10" fill="#fff" stroke="${accent}" stroke-width="4"/>` +
            `<text x="${x + 45}" y="${h * 0.25 + 80}" font-size="48" text-anchor="middle" fill="${i % 2 ? '#c0262d' : '#111'}" font-family="Georgia, serif">${['A', 'K', 'Q', 'J'][i]}</text></g>`,
        );
      }
      break;
    case 'waves':
      for (let i = 0; i < 5; i++) {
        const y = h * 0.3 + i * 40;
        shapes.push(
          `<path d="M${right} ${y} q 60 -40 120 0 t 120 0 t 120 0 t 120 0" fill="none" stroke="${accent}" stroke-opacity="${0.9 - i * 0.15}" stroke-width="10" stroke-linecap="round"/>`,
        );
      }
      shapes.push(`<circle cx="${w - 120}" cy="${h * 0.3}" r="34" fill="#fff" fill-opacity=".85"/>`);
      break;
    case 'stars':
      for (let i = 0; i < 14; i++) {
        const x = right + next() * (w - right - 20);
        const y = 20 + next() * (h - 40);
        const s = 6 + next() * 16;
        shapes.push(
          `<path d="M${x} ${y - s}L${x + s * 0.3} ${y - s * 0.3}L${x + s} ${y}L${x + s * 0.3} ${y + s * 0.3}L${x} ${y + s}L${x - s * 0.3} ${y + s * 0.3}L${x - s} ${y}L${x - s * 0.3} ${y - s * 0.3}Z" fill="${accent}"/>`,
        );
      }
      break;
    case 'ball':
      shapes.push(
        `<circle cx="${w - 200}" cy="${h / 2}" r="${h * 0.32}" fill="#fff" stroke="#222" stroke-width="6"/>`,
        `<path d="M${w - 200} ${h / 2 - 40}l38 28-15 45h-46l-15-45z" fill="#222"/>`,
      );
      break;
    case 'phone':
      shapes.push(
        `<rect x="${w - 280}" y="${h * 0.12}" width="${h * 0.45}" height="${h * 0.8}" rx="26" fill="#111" stroke="${accent}" stroke-width="6"/>`,
        `<rect x="${w - 266}" y="${h * 0.12 + 24}" width="${h * 0.45 - 28}" height="${h * 0.8 - 48}" rx="10" fill="${accent}" fill-opacity=".85"/>`,
      );
      break;
    case 'gift':
      shapes.push(
        `<rect x="${w - 300}" y="${h * 0.35}" width="180" height="150" rx="8" fill="${accent}"/>`,
        `<rect x="${w - 218}" y="${h * 0.35}" width="16" height="150" fill="#fff"/>`,
        `<rect x="${w - 310}" y="${h * 0.3}" width="200" height="36" rx="6" fill="${accent}" stroke="#fff" stroke-width="4"/>`,
      );
      break;
    case 'dice':
      for (let i = 0; i < 2; i++) {
        const x = w - 330 + i * 150;
        const y = h * 0.3 + i * 30;
        shapes.push(
          `<rect x="${x}" y="${y}" width="110" height="110" rx="18" fill="#fff" stroke="${accent}" stroke-width="5"/>`,
        );
        const pips =
          i === 0
            ? [[55, 55]]
            : [
                [28, 28],
                [55, 55],
                [82, 82],
              ];
        for (const [px, py] of pips)
          shapes.push(
            `<circle cx="${x + (px as number)}" cy="${y + (py as number)}" r="10" fill="#c0262d"/>`,
          );
      }
      break;
  }
  return shapes.join('');
}

export function bannerSvg(art: BannerArt): string {
  const { width: w, height: h } = art;
  const big = Math.round(h * 0.15);
  const small = Math.round(h * 0.065);
  const left = Math.round(w * 0.06);
  // The texts keep left of the motif (from 62% of the width; the gift, dice, phone and ball from 340 px before the
  // right edge): a long line is set smaller rather than run under it.
  const pinned =
    art.motif === 'gift' || art.motif === 'dice' || art.motif === 'phone' || art.motif === 'ball';
  const room = Math.round(pinned ? Math.min(w * 0.6, w - 340) : w * 0.6) - left;
  const kicker = art.kicker.toUpperCase();
  // Thai stacks vowels and tones above and below its letters: the lines need a little more air between them.
  const lead = /[\u0E00-\u0E7F]/.test(art.kicker + art.headline + art.subline) ? 1.15 : 1;
  const headlineY = Math.round(h * 0.28 + big * 1.15 * lead);
  const font = 'font-family="Arial, Helvetica, sans-serif"';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"${art.lang ? ` xml:lang="${xmlText(art.lang)}"` : ''} role="img" aria-label="${xmlText(art.headline)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient>` +
    `<radialGradient id="glow" cx=".8" cy=".5" r=".6"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/><rect width="${w}" height="${h}" fill="url(#glow)"/>` +
    motif(art) +
    `<text x="${left}" y="${Math.round(h * 0.28)}" ${font} font-size="${fitted(kicker, small, room, { weight: bold, spacing: 3 })}" font-weight="700" fill="${art.accent}" letter-spacing="3">${xmlText(kicker)}</text>` +
    `<text x="${left}" y="${headlineY}" ${font} font-size="${fitted(art.headline, big, room, { weight: bold })}" font-weight="800" fill="#fff">${xmlText(art.headline)}</text>` +
    `<text x="${left}" y="${Math.round(headlineY + small * 1.8 * lead)}" ${font} font-size="${fitted(art.subline, small, room)}" fill="#fffd">${xmlText(art.subline)}</text>` +
    `<rect x="${left}" y="${Math.round(h * 0.72)}" width="${Math.round(textEms(art.cta) * small * bold + small * 2)}" height="${Math.round(small * 2)}" rx="${Math.round(small)}" fill="${art.accent}"/>` +
    `<text x="${left + small}" y="${Math.round(h * 0.72 + small * 1.35)}" ${font} font-size="${small}" font-weight="700" fill="#111">${xmlText(art.cta)}</text>` +
    `</svg>`
  );
}

/**
 * A partner wordmark: a rounded badge with an initial and the name, in the language `lang` (a BCP 47 tag) names. The
 * name is made smaller to fit, and a name that does not fit even so is squeezed into the badge (textLength).
 */
export function logoSvg(name: string, colour: string, lang?: string): string {
  const width = 200;
  const height = 64;
  const initial = [...name.trim()][0]?.toUpperCase() ?? '';
  const room = width - 62 - 12;
  const size = fitted(name, 17, room, { weight: bold });
  const squeeze =
    textEms(name) * size * bold > room ? ` textLength="${room}" lengthAdjust="spacingAndGlyphs"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${lang ? ` xml:lang="${xmlText(lang)}"` : ''} role="img" aria-label="${xmlText(name)}">` +
    `<rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="12" fill="#fff" stroke="${colour}" stroke-width="2"/>` +
    `<circle cx="32" cy="32" r="20" fill="${colour}"/>` +
    `<text x="32" y="39" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="20" font-weight="800" fill="#fff">${xmlText(initial)}</text>` +
    `<text x="62" y="38" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#222"${squeeze}>${xmlText(name)}</text>` +
    `</svg>`
  );
}
