import crypto from 'node:crypto';

/** Game thumbnails and vendor logos drawn as SVG on our own server: no image comes from an outside host. */

const palettes = [
  ['#7c2d12', '#f59e0b'],
  ['#0f766e', '#5eead4'],
  ['#1e3a8a', '#60a5fa'],
  ['#581c87', '#e879f9'],
  ['#14532d', '#a3e635'],
  ['#831843', '#fb7185'],
  ['#0c4a6e', '#38bdf8'],
  ['#3f3f46', '#facc15'],
  ['#7f1d1d', '#fca5a5'],
  ['#164e63', '#fde68a'],
];

const glyphs: Record<string, string> = {
  slot: '<rect x="62" y="70" width="34" height="52" rx="6"/><rect x="103" y="70" width="34" height="52" rx="6"/><rect x="144" y="70" width="34" height="52" rx="6"/>',
  fish: '<path d="M70 96c30-34 80-34 104 0-24 34-74 34-104 0z"/><path d="M174 96l22-18v36z"/>',
  live: '<circle cx="120" cy="96" r="36"/><circle cx="120" cy="96" r="12"/>',
  card: '<rect x="82" y="62" width="46" height="66" rx="6" transform="rotate(-10 105 95)"/><rect x="112" y="62" width="46" height="66" rx="6" transform="rotate(10 135 95)"/>',
  sports: '<circle cx="120" cy="96" r="38"/><path d="M120 58v76M82 96h76"/>',
  esports:
    '<rect x="74" y="76" width="92" height="44" rx="22"/><circle cx="98" cy="98" r="6"/><circle cx="142" cy="98" r="6"/>',
  lottery:
    '<circle cx="94" cy="96" r="20"/><circle cx="146" cy="96" r="20"/><circle cx="120" cy="70" r="16"/>',
  bingo:
    '<rect x="80" y="60" width="80" height="72" rx="8"/><path d="M80 84h80M80 108h80M106 60v72M134 60v72"/>',
  cockfighting: '<path d="M90 120c0-40 30-60 60-50-10 10-10 20 0 26-10 24-34 34-60 24z"/>',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function paletteFor(seed: string) {
  const hash = crypto.createHash('sha1').update(seed).digest();
  return palettes[(hash[0] as number) % palettes.length] as [string, string];
}

/** Splits a name into at most two lines that fit the card. */
function wrap(name: string): string[] {
  if (name.length <= 16) return [name];
  const words = name.split(' ');
  let first = '';
  while (words.length > 0 && `${first} ${words[0]}`.trim().length <= 16)
    first = `${first} ${words.shift()}`.trim();
  const second = words.join(' ');
  return [first || name.slice(0, 16), second.length > 18 ? `${second.slice(0, 17)}…` : second].filter(
    Boolean,
  );
}

export function gameThumbnailSvg(game: { name: string; game_class: string; vendor_code: string }): string {
  const [dark, light] = paletteFor(`${game.vendor_code}:${game.name}`);
  const glyph = glyphs[game.game_class] ?? glyphs.slot;
  const lines = wrap(game.name);
  const text = lines
    .map(
      (line, i) =>
        `<text x="120" y="${lines.length === 1 ? 166 : 156 + i * 20}" font-size="18" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 200" width="240" height="200" role="img" aria-label="${escapeXml(game.name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="240" height="200" rx="16" fill="url(#g)"/>
<g fill="none" stroke="rgba(255,255,255,.85)" stroke-width="5" stroke-linejoin="round">${glyph}</g>
<rect x="0" y="134" width="240" height="66" fill="rgba(0,0,0,.35)"/>
${text}
<text x="14" y="26" font-size="12" font-weight="700" fill="rgba(255,255,255,.9)" font-family="sans-serif">${escapeXml(game.vendor_code.replace(/_/g, ' '))}</text>
</svg>`;
}

export function vendorLogoSvg(code: string, name: string): string {
  const [dark, light] = paletteFor(code);
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join('')
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 48" width="160" height="48" role="img" aria-label="${escapeXml(name)}">
<rect width="160" height="48" rx="10" fill="${dark}"/><circle cx="24" cy="24" r="16" fill="${light}"/>
<text x="24" y="29" font-size="13" font-weight="800" text-anchor="middle" fill="${dark}" font-family="sans-serif">${escapeXml(initials)}</text>
<text x="48" y="29" font-size="13" font-weight="700" fill="#fff" font-family="sans-serif">${escapeXml(name.length > 15 ? `${name.slice(0, 14)}…` : name)}</text>
</svg>`;
}
