import type { appIconNames, WebAppManifest } from '@tala/contracts/content';
import { type LanguageCode, languageTags } from '@tala/contracts/language-codes';
import { PNG } from 'pngjs';
import type { Merchant } from '../merchants/merchants.service.ts';
import { settingsVersion } from '../merchants/settings-version.ts';

/**
 * The installable web app of each merchant (decision 024): its manifest and icons come from the merchant's white
 * label (brand name, colours), so a phone that installs lucky.localhost gets "Lucky Perlas" in its colours.
 */

type AppIconName = (typeof appIconNames)[number];
const APP_ICONS: Record<AppIconName, { size: number; maskable: boolean }> = {
  'icon-192.png': { size: 192, maskable: false },
  'icon-512.png': { size: 512, maskable: false },
  'maskable-512.png': { size: 512, maskable: true },
  'apple-touch-icon.png': { size: 180, maskable: true },
};

type Rgb = [number, number, number];
const hex = (value: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16)) as Rgb;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => a.map((v, i) => v + ((b[i] ?? 0) - v) * t) as Rgb;
const toHex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The colours of a merchant's icon: a tile shading from its primary colour, a ring and a star in its accent. */
function palette(merchant: Merchant) {
  const { primaryColour, accentColour } = merchant.settings.whitelabel;
  const primary = hex(primaryColour);
  const accent = hex(accentColour);
  return {
    light: mix(primary, WHITE, 0.25),
    dark: primary,
    ring: mix(accent, WHITE, 0.55),
    star: accent,
    edge: mix(accent, WHITE, 0.85),
  };
}

const STAR: [number, number][] = [
  [32, 17],
  [36.4, 26],
  [46.3, 27.4],
  [39.1, 34.4],
  [40.8, 44.2],
  [32, 39.6],
  [23.2, 44.2],
  [24.9, 34.4],
  [17.7, 27.4],
  [27.6, 26],
];
const STAR_EDGE = STAR.map(([x, y]): [number, number] => {
  const d = Math.hypot(x - 32, y - 31);
  return [x + ((x - 32) / d) * 1.2, y + ((y - 31) / d) * 1.2];
});

const STAR_X = STAR_EDGE.map(([x]) => x);
const STAR_Y = STAR_EDGE.map(([, y]) => y);
const [MIN_X, MAX_X, MIN_Y, MAX_Y] = [
  Math.min(...STAR_X),
  Math.max(...STAR_X),
  Math.min(...STAR_Y),
  Math.max(...STAR_Y),
];

/** Even-odd test of a point against a polygon given as flat [x0, y0, x1, y1, ...]. */
function inside(poly: Float64Array, x: number, y: number) {
  let hit = false;
  const count = poly.length / 2;
  for (let i = 0, j = count - 1; i < count; j = i++) {
    const xi = poly[2 * i] as number;
    const yi = poly[2 * i + 1] as number;
    const xj = poly[2 * j] as number;
    const yj = poly[2 * j + 1] as number;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
const STAR_FLAT = Float64Array.from(STAR.flat());
const STAR_EDGE_FLAT = Float64Array.from(STAR_EDGE.flat());

const NONE = -1;
const TILE = 0;
const RING = 1;
const EDGE = 2;
const STAR_FILL = 3;

/** Which part of the 64-unit design (the favicon's: a tile, a dashed ring, a star) a point is on. */
function layerAt(x: number, y: number, maskable: boolean): number {
  if (!maskable) {
    const r = 16;
    const cx = Math.min(Math.max(x, r), 64 - r);
    const cy = Math.min(Math.max(y, r), 64 - r);
    if (x < 0 || y < 0 || x > 64 || y > 64 || (x - cx) ** 2 + (y - cy) ** 2 > r * r) return NONE;
  }
  // A maskable icon keeps its drawing inside the central safe zone (80 %).
  const u = maskable ? 32 + (x - 32) / 0.8 : x;
  const v = maskable ? 32 + (y - 32) / 0.8 : y;
  if (u >= MIN_X && u <= MAX_X && v >= MIN_Y && v <= MAX_Y && inside(STAR_EDGE_FLAT, u, v))
    return inside(STAR_FLAT, u, v) ? STAR_FILL : EDGE;
  const distance = Math.sqrt((u - 32) ** 2 + (v - 32) ** 2);
  if (distance >= 18.5 && distance <= 21.5) {
    const along = ((Math.atan2(v - 32, u - 32) + Math.PI) * 20) % 11;
    if (along < 6) return RING;
  }
  return TILE;
}

/**
 * How much of each pixel each part covers (4 × 4 samples a pixel smooth the edges), and where the pixel sits on
 * the tile's diagonal shading. The same for every merchant, so it is worked out once per icon and only coloured
 * per merchant.
 */
type Coverage = { size: number; parts: Float32Array; shade: Float32Array };
const coverages = new Map<AppIconName, Coverage>();

function coverage(name: AppIconName): Coverage {
  const known = coverages.get(name);
  if (known) return known;
  const { size, maskable } = APP_ICONS[name];
  const n = 4;
  const parts = new Float32Array(size * size * 4);
  const shade = new Float32Array(size * size);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const pixel = py * size + px;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const layer = layerAt(
            ((px + (sx + 0.5) / n) * 64) / size,
            ((py + (sy + 0.5) / n) * 64) / size,
            maskable,
          );
          if (layer !== NONE) parts[pixel * 4 + layer] = (parts[pixel * 4 + layer] ?? 0) + 1 / (n * n);
        }
      }
      shade[pixel] = Math.min(1, Math.max(0, (((px + 0.5) / size) * 64 + ((py + 0.5) / size) * 64) / 128));
    }
  }
  const result = { size, parts, shade };
  coverages.set(name, result);
  return result;
}

function drawIcon(merchant: Merchant, name: AppIconName): Buffer {
  const { light, dark, ring, edge, star } = palette(merchant);
  const { size, parts, shade } = coverage(name);
  const png = new PNG({ width: size, height: size });
  for (let pixel = 0; pixel < size * size; pixel++) {
    const [tile, onRing, onEdge, onStar] = [0, 1, 2, 3].map((k) => parts[pixel * 4 + k] ?? 0) as [
      number,
      number,
      number,
      number,
    ];
    const alpha = tile + onRing + onEdge + onStar;
    const t = shade[pixel] ?? 0;
    for (let c = 0; c < 3; c++) {
      const tileColour = (light[c] ?? 0) + ((dark[c] ?? 0) - (light[c] ?? 0)) * t;
      const sum =
        tileColour * tile + (ring[c] ?? 0) * onRing + (edge[c] ?? 0) * onEdge + (star[c] ?? 0) * onStar;
      png.data[pixel * 4 + c] = alpha > 0 ? Math.round(sum / alpha) : 0;
    }
    png.data[pixel * 4 + 3] = Math.round(alpha * 255);
  }
  return PNG.sync.write(png);
}

/** Drawn icons by merchant, icon and white-label version: a brand change draws new ones, nothing else does. */
const drawn = new Map<string, Buffer>();

export function appIcon(merchant: Merchant, name: AppIconName): Buffer {
  const { primaryColour, accentColour } = merchant.settings.whitelabel;
  const key = `${merchant.id}:${name}:${primaryColour}:${accentColour}`;
  let icon = drawn.get(key);
  if (!icon) {
    icon = drawIcon(merchant, name);
    if (drawn.size > 200) drawn.clear();
    drawn.set(key, icon);
  }
  return icon;
}

/** What the installed app says of itself, in every language of the site (the typecheck holds every one). */
const manifestTexts: Record<LanguageCode, { description: (brand: string) => string }> = {
  EN: { description: (brand) => `${brand}: slots, live casino, sports, lottery and more.` },
  TY: {
    description: (brand) => `${brand}: slots, live casino, sports, lotto at marami pang iba.`,
  },
  CN: { description: (brand) => `${brand}：电子游戏、真人娱乐场、体育、彩票等。` },
  ID: { description: (brand) => `${brand}: slot, kasino langsung, olahraga, lotre, dan lainnya.` },
  TH: { description: (brand) => `${brand}: สล็อต คาสิโนสด กีฬา หวย และอื่น ๆ อีกมากมาย` },
  VI: {
    description: (brand) => `${brand}: slot, sòng bài trực tiếp, thể thao, xổ số và nhiều hơn nữa.`,
  },
};

/**
 * The web app manifest of a merchant in `language` (the site links the one of its current language), else in the
 * merchant's default; icon addresses carry the white label's version so a rebrand refetches.
 */
export function appManifest(merchant: Merchant, language?: LanguageCode): WebAppManifest {
  const { brandName, primaryColour, defaultLanguage } = merchant.settings.whitelabel;
  const texts = manifestTexts[language ?? defaultLanguage];
  const tag = languageTags[language ?? defaultLanguage];
  const version = settingsVersion(merchant.settings.whitelabel).slice(1, 9);
  const icon = (name: AppIconName, purpose: 'any' | 'maskable') => ({
    src: `/icons/${name}?v=${version}`,
    sizes: `${APP_ICONS[name].size}x${APP_ICONS[name].size}`,
    type: 'image/png',
    purpose,
  });
  return {
    id: '/index',
    name: brandName,
    short_name: brandName.length <= 12 ? brandName : (brandName.split(/\s+/)[0] ?? brandName).slice(0, 12),
    description: texts.description(brandName),
    lang: tag,
    start_url: '/index?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: toHex(mix(hex(primaryColour), BLACK, 0.8)),
    theme_color: primaryColour,
    categories: ['games', 'entertainment'],
    icons: [icon('icon-192.png', 'any'), icon('icon-512.png', 'any'), icon('maskable-512.png', 'maskable')],
  };
}
