// Draws the web app's icons (public/icons/*.png) from the site icon's design (public/favicon.svg): a teal tile, a
// dashed gold ring and a star. Run with `node apps/web/scripts/make-icons.mjs`; the PNGs are committed.
import fs from 'node:fs';
import path from 'node:path';
import { PNG } from 'pngjs';

const out = path.join(import.meta.dirname, '../public/icons');
const star = [
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
const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const hex = (h) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
const [light, dark, ring, gold, edge] = ['#14b8a6', '#0f766e', '#fde68a', '#f59e0b', '#fff7ed'].map(hex);

function inside(poly, x, y) {
  let hit = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}
function grown(poly, by) {
  return poly.map(([x, y]) => {
    const dx = x - 32;
    const dy = y - 31;
    const d = Math.hypot(dx, dy);
    return [x + (dx / d) * by, y + (dy / d) * by];
  });
}
const starEdge = grown(star, 1.2);

/** The colour at a point of the 64-unit design, or null outside the tile. */
function sample(x, y, maskable) {
  if (!maskable) {
    const r = 16;
    const cx = Math.min(Math.max(x, r), 64 - r);
    const cy = Math.min(Math.max(y, r), 64 - r);
    if (x < 0 || y < 0 || x > 64 || y > 64 || Math.hypot(x - cx, y - cy) > r) return null;
  }
  // The maskable icon keeps its drawing inside the central safe zone (80 %).
  const [u, v] = maskable ? [32 + (x - 32) / 0.8, 32 + (y - 32) / 0.8] : [x, y];
  let colour = mix(light, dark, Math.min(1, Math.max(0, (x + y) / 128)));
  const d = Math.hypot(u - 32, v - 32);
  if (Math.abs(d - 20) <= 1.5) {
    const along = ((Math.atan2(v - 32, u - 32) + Math.PI) * 20) % 11;
    if (along < 6) colour = ring;
  }
  if (inside(starEdge, u, v)) colour = edge;
  if (inside(star, u, v)) colour = gold;
  return colour;
}

function draw(size, maskable) {
  const png = new PNG({ width: size, height: size });
  const n = 4;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < n; sy++) {
        for (let sx = 0; sx < n; sx++) {
          const c = sample(
            ((px + (sx + 0.5) / n) * 64) / size,
            ((py + (sy + 0.5) / n) * 64) / size,
            maskable,
          );
          if (!c) continue;
          r += c[0];
          g += c[1];
          b += c[2];
          a += 1;
        }
      }
      const i = (py * size + px) * 4;
      png.data[i] = a ? r / a : 0;
      png.data[i + 1] = a ? g / a : 0;
      png.data[i + 2] = a ? b / a : 0;
      png.data[i + 3] = Math.round((a / (n * n)) * 255);
    }
  }
  return PNG.sync.write(png);
}

fs.mkdirSync(out, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  fs.writeFileSync(path.join(out, name), draw(size, maskable));
  console.log(`wrote ${name}`);
}
