import { AVATAR_ICONS } from '@tala/contracts/members';

const colours = [
  '#0f766e',
  '#b45309',
  '#7c3aed',
  '#be123c',
  '#1d4ed8',
  '#15803d',
  '#c2410c',
  '#0e7490',
  '#a21caf',
  '#4d7c0f',
  '#9f1239',
  '#334155',
];

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A generated avatar (no outside host): the account's initial on the icon's colour, as an SVG data URL. */
export function avatarDataUrl(account: string, icon: number): string {
  const index = (Math.min(Math.max(icon, 1), AVATAR_ICONS) - 1) % colours.length;
  const initial = escapeXml((account.trim()[0] ?? '?').toUpperCase());
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<circle cx="48" cy="48" r="48" fill="${colours[index]}"/>` +
    `<circle cx="48" cy="48" r="40" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="${1 + (index % 4)}"/>` +
    `<text x="48" y="62" font-family="Arial, Helvetica, sans-serif" font-size="42" font-weight="700" fill="#ffffff" text-anchor="middle">${initial}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
