import type { FishKind } from '@tala/contracts/fish';

/**
 * The fish drawn in code (no image from anywhere): each kind a body of canvas paths and gradients, facing +x, `len`
 * pixels long, its tail and fins moving with `beat` (0..2π). The caller has moved and turned the context.
 */
type Palette = { back: string; belly: string; fin: string; mark?: string };

const palettes: Record<FishKind, Palette> = {
  sardine: { back: '#3f6f9f', belly: '#dfe9f2', fin: '#8fb3d3' },
  clownfish: { back: '#f26b1d', belly: '#ffb36b', fin: '#f26b1d', mark: '#ffffff' },
  puffer: { back: '#d9a520', belly: '#fff1b8', fin: '#c98d12', mark: '#6b4f12' },
  lionfish: { back: '#c2362f', belly: '#ffe1d6', fin: '#f08a7e', mark: '#fff5ef' },
  turtle: { back: '#2f7a4b', belly: '#a9d18e', fin: '#5aa36f', mark: '#1f5233' },
  manta: { back: '#2c3e66', belly: '#c8d3ea', fin: '#3e5488' },
  octopus: { back: '#8e3fa8', belly: '#d8a6ea', fin: '#a457bf' },
  shark: { back: '#5d6d7a', belly: '#e8edf0', fin: '#4b5964' },
  whale: { back: '#28517f', belly: '#b9d3ec', fin: '#1f4166' },
  dragon: { back: '#c0261f', belly: '#ffd34d', fin: '#ff9d1c', mark: '#ffe58a' },
};

function bodyGradient(ctx: CanvasRenderingContext2D, len: number, p: Palette): CanvasGradient {
  const g = ctx.createLinearGradient(0, -len * 0.25, 0, len * 0.25);
  g.addColorStop(0, p.back);
  g.addColorStop(0.55, p.back);
  g.addColorStop(1, p.belly);
  return g;
}

function eye(ctx: CanvasRenderingContext2D, x: number, y: number, r: number) {
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#111111';
  ctx.beginPath();
  ctx.arc(x + r * 0.25, y, r * 0.55, 0, Math.PI * 2);
  ctx.fill();
}

/** A classic fish: an oval body, a forked tail that wags, a back fin. */
function classic(ctx: CanvasRenderingContext2D, len: number, beat: number, p: Palette, height: number) {
  const h = len * height;
  const wag = Math.sin(beat) * h * 0.35;
  ctx.fillStyle = p.fin;
  ctx.beginPath();
  ctx.moveTo(-len * 0.36, 0);
  ctx.lineTo(-len * 0.5, -h * 0.55 + wag);
  ctx.lineTo(-len * 0.44, wag * 0.5);
  ctx.lineTo(-len * 0.5, h * 0.55 + wag);
  ctx.closePath();
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(-len * 0.1, -h * 0.42);
  ctx.quadraticCurveTo(len * 0.02, -h * 0.85, len * 0.12, -h * 0.4);
  ctx.fill();
  ctx.fillStyle = bodyGradient(ctx, len, p);
  ctx.beginPath();
  ctx.ellipse(0, 0, len * 0.4, h * 0.5, 0, 0, Math.PI * 2);
  ctx.fill();
}

export function drawFish(ctx: CanvasRenderingContext2D, kind: FishKind, len: number, beat: number) {
  const p = palettes[kind];
  switch (kind) {
    case 'sardine':
      classic(ctx, len, beat, p, 0.3);
      ctx.strokeStyle = 'rgba(255,255,255,0.6)';
      ctx.lineWidth = Math.max(1, len * 0.02);
      ctx.beginPath();
      ctx.moveTo(-len * 0.3, 0);
      ctx.lineTo(len * 0.3, -len * 0.02);
      ctx.stroke();
      eye(ctx, len * 0.27, -len * 0.03, len * 0.04);
      break;
    case 'clownfish':
      classic(ctx, len, beat, p, 0.5);
      ctx.fillStyle = p.mark ?? '#fff';
      for (const x of [0.2, -0.05, -0.28]) {
        ctx.beginPath();
        ctx.ellipse(len * x, 0, len * 0.045, len * 0.22 * (1 - Math.abs(x)), 0, 0, Math.PI * 2);
        ctx.fill();
      }
      eye(ctx, len * 0.3, -len * 0.06, len * 0.05);
      break;
    case 'puffer': {
      ctx.fillStyle = p.fin;
      const wag = Math.sin(beat) * len * 0.08;
      ctx.beginPath();
      ctx.moveTo(-len * 0.38, 0);
      ctx.lineTo(-len * 0.52, -len * 0.15 + wag);
      ctx.lineTo(-len * 0.52, len * 0.15 + wag);
      ctx.closePath();
      ctx.fill();
      ctx.strokeStyle = p.mark ?? '#000';
      ctx.lineWidth = Math.max(1, len * 0.02);
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * Math.PI * 2;
        ctx.beginPath();
        ctx.moveTo(Math.cos(a) * len * 0.36, Math.sin(a) * len * 0.36);
        ctx.lineTo(Math.cos(a) * len * 0.46, Math.sin(a) * len * 0.46);
        ctx.stroke();
      }
      ctx.fillStyle = bodyGradient(ctx, len, p);
      ctx.beginPath();
      ctx.arc(0, 0, len * 0.38, 0, Math.PI * 2);
      ctx.fill();
      eye(ctx, len * 0.2, -len * 0.1, len * 0.07);
      break;
    }
    case 'lionfish':
      ctx.strokeStyle = p.fin;
      ctx.lineWidth = Math.max(1, len * 0.025);
      for (let i = 0; i < 7; i++) {
        const a = -Math.PI * 0.15 - i * 0.12 + Math.sin(beat + i) * 0.05;
        ctx.beginPath();
        ctx.moveTo(len * (0.15 - i * 0.07), -len * 0.1);
        ctx.lineTo(len * (0.15 - i * 0.07) + Math.cos(a - Math.PI / 2) * len * 0.3, Math.sin(a) * len * 0.45);
        ctx.stroke();
      }
      classic(ctx, len, beat, p, 0.42);
      ctx.strokeStyle = p.mark ?? '#fff';
      ctx.lineWidth = Math.max(1, len * 0.03);
      for (const x of [0.18, 0.06, -0.06, -0.18]) {
        ctx.beginPath();
        ctx.moveTo(len * x, -len * 0.18);
        ctx.lineTo(len * (x - 0.04), len * 0.18);
        ctx.stroke();
      }
      eye(ctx, len * 0.28, -len * 0.05, len * 0.045);
      break;
    case 'turtle': {
      ctx.fillStyle = p.fin;
      const paddle = Math.sin(beat) * 0.5;
      for (const [x, side] of [
        [0.18, -1],
        [0.18, 1],
        [-0.2, -1],
        [-0.2, 1],
      ] as const) {
        ctx.beginPath();
        ctx.ellipse(
          len * x,
          side * len * 0.25,
          len * 0.14,
          len * 0.06,
          side * (0.6 + paddle),
          0,
          Math.PI * 2,
        );
        ctx.fill();
      }
      ctx.beginPath();
      ctx.ellipse(len * 0.4, 0, len * 0.11, len * 0.08, 0, 0, Math.PI * 2);
      ctx.fill();
      const shell = ctx.createRadialGradient(0, 0, len * 0.05, 0, 0, len * 0.33);
      shell.addColorStop(0, p.belly);
      shell.addColorStop(1, p.back);
      ctx.fillStyle = shell;
      ctx.beginPath();
      ctx.ellipse(0, 0, len * 0.32, len * 0.26, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = p.mark ?? '#000';
      ctx.lineWidth = Math.max(1, len * 0.015);
      ctx.beginPath();
      for (let i = 0; i < 6; i++) {
        const a = (i / 6) * Math.PI * 2;
        ctx.lineTo(Math.cos(a) * len * 0.13, Math.sin(a) * len * 0.11);
      }
      ctx.closePath();
      ctx.stroke();
      eye(ctx, len * 0.44, -len * 0.03, len * 0.025);
      break;
    }
    case 'manta': {
      const flap = Math.sin(beat) * len * 0.12;
      const g = bodyGradient(ctx, len, p);
      ctx.fillStyle = g;
      ctx.beginPath();
      ctx.moveTo(len * 0.3, 0);
      ctx.quadraticCurveTo(len * 0.05, -len * 0.2, -len * 0.05, -len * 0.5 + flap);
      ctx.quadraticCurveTo(-len * 0.12, -len * 0.15, -len * 0.25, 0);
      ctx.quadraticCurveTo(-len * 0.12, len * 0.15, -len * 0.05, len * 0.5 - flap);
      ctx.quadraticCurveTo(len * 0.05, len * 0.2, len * 0.3, 0);
      ctx.fill();
      ctx.strokeStyle = p.fin;
      ctx.lineWidth = Math.max(1, len * 0.015);
      ctx.beginPath();
      ctx.moveTo(-len * 0.25, 0);
      ctx.quadraticCurveTo(-len * 0.4, Math.sin(beat) * len * 0.05, -len * 0.55, 0);
      ctx.stroke();
      eye(ctx, len * 0.22, -len * 0.06, len * 0.025);
      eye(ctx, len * 0.22, len * 0.06, len * 0.025);
      break;
    }
    case 'octopus': {
      ctx.strokeStyle = p.fin;
      ctx.lineCap = 'round';
      ctx.lineWidth = Math.max(2, len * 0.05);
      for (let i = 0; i < 6; i++) {
        const y = (i - 2.5) * len * 0.06;
        ctx.beginPath();
        ctx.moveTo(-len * 0.05, y);
        ctx.quadraticCurveTo(
          -len * 0.3,
          y + Math.sin(beat + i) * len * 0.12,
          -len * 0.5,
          y * 1.8 + Math.cos(beat + i) * len * 0.05,
        );
        ctx.stroke();
      }
      const head = ctx.createRadialGradient(len * 0.12, -len * 0.06, len * 0.03, len * 0.1, 0, len * 0.28);
      head.addColorStop(0, p.belly);
      head.addColorStop(1, p.back);
      ctx.fillStyle = head;
      ctx.beginPath();
      ctx.ellipse(len * 0.12, 0, len * 0.26, len * 0.22, 0, 0, Math.PI * 2);
      ctx.fill();
      eye(ctx, len * 0.08, -len * 0.08, len * 0.04);
      eye(ctx, len * 0.08, len * 0.08, len * 0.04);
      break;
    }
    case 'shark': {
      const wag = Math.sin(beat) * len * 0.06;
      ctx.fillStyle = p.fin;
      ctx.beginPath();
      ctx.moveTo(-len * 0.35, 0);
      ctx.lineTo(-len * 0.52, -len * 0.2 + wag);
      ctx.lineTo(-len * 0.45, wag * 0.3);
      ctx.lineTo(-len * 0.5, len * 0.12 + wag);
      ctx.closePath();
      ctx.fill();
      ctx.beginPath();
      ctx.moveTo(-len * 0.02, -len * 0.08);
      ctx.lineTo(-len * 0.1, -len * 0.26);
      ctx.lineTo(len * 0.1, -len * 0.08);
      ctx.fill();
      ctx.fillStyle = bodyGradient(ctx, len, p);
      ctx.beginPath();
      ctx.moveTo(len * 0.5, len * 0.02);
      ctx.quadraticCurveTo(len * 0.3, -len * 0.14, -len * 0.38, 0);
      ctx.quadraticCurveTo(len * 0.3, len * 0.14, len * 0.5, len * 0.02);
      ctx.fill();
      ctx.strokeStyle = 'rgba(0,0,0,0.35)';
      ctx.lineWidth = Math.max(1, len * 0.008);
      for (const x of [0.22, 0.19, 0.16]) {
        ctx.beginPath();
        ctx.moveTo(len * x, -len * 0.04);
        ctx.lineTo(len * (x - 0.02), len * 0.04);
        ctx.stroke();
      }
      eye(ctx, len * 0.36, -len * 0.03, len * 0.018);
      break;
    }
    case 'whale': {
      const wag = Math.sin(beat) * len * 0.08;
      ctx.fillStyle = p.fin;
      ctx.beginPath();
      ctx.moveTo(-len * 0.38, 0);
      ctx.quadraticCurveTo(-len * 0.48, -len * 0.05, -len * 0.52, -len * 0.16 + wag);
      ctx.lineTo(-len * 0.44, wag * 0.4);
      ctx.lineTo(-len * 0.52, len * 0.16 + wag);
      ctx.quadraticCurveTo(-len * 0.48, len * 0.05, -len * 0.38, 0);
      ctx.fill();
      ctx.fillStyle = bodyGradient(ctx, len, p);
      ctx.beginPath();
      ctx.moveTo(len * 0.45, 0);
      ctx.bezierCurveTo(len * 0.45, -len * 0.22, -len * 0.2, -len * 0.18, -len * 0.4, 0);
      ctx.bezierCurveTo(-len * 0.2, len * 0.16, len * 0.45, len * 0.2, len * 0.45, 0);
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.4)';
      ctx.lineWidth = Math.max(1, len * 0.006);
      for (let i = 0; i < 4; i++) {
        ctx.beginPath();
        ctx.moveTo(len * 0.38, len * (0.06 + i * 0.02));
        ctx.lineTo(len * 0.05, len * (0.09 + i * 0.02));
        ctx.stroke();
      }
      eye(ctx, len * 0.3, len * 0.02, len * 0.015);
      break;
    }
    case 'dragon': {
      // The boss: a golden-bellied serpent with a crest and whiskers, its body waving.
      const segments = 14;
      for (let i = segments; i >= 0; i--) {
        const t = i / segments;
        const x = len * (0.35 - t * 0.85);
        const y = Math.sin(beat * 1.2 - t * 5) * len * 0.08 * t;
        const r = len * (0.1 - t * 0.06);
        const g = ctx.createRadialGradient(x, y - r * 0.4, r * 0.2, x, y, r);
        g.addColorStop(0, p.belly);
        g.addColorStop(1, p.back);
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
        if (i % 3 === 0) {
          ctx.fillStyle = p.fin;
          ctx.beginPath();
          ctx.moveTo(x - r * 0.6, y - r * 0.8);
          ctx.lineTo(x, y - r * 1.7);
          ctx.lineTo(x + r * 0.6, y - r * 0.8);
          ctx.fill();
        }
      }
      ctx.fillStyle = p.back;
      ctx.beginPath();
      ctx.ellipse(len * 0.42, 0, len * 0.12, len * 0.08, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = p.mark ?? '#fff';
      ctx.lineWidth = Math.max(1, len * 0.008);
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(len * 0.5, side * len * 0.03);
        ctx.quadraticCurveTo(
          len * 0.6,
          side * len * 0.12,
          len * 0.55 + Math.sin(beat) * len * 0.03,
          side * len * 0.2,
        );
        ctx.stroke();
      }
      ctx.fillStyle = p.mark ?? '#fff';
      ctx.beginPath();
      ctx.moveTo(len * 0.36, -len * 0.06);
      ctx.lineTo(len * 0.3, -len * 0.18);
      ctx.lineTo(len * 0.42, -len * 0.07);
      ctx.fill();
      eye(ctx, len * 0.46, -len * 0.03, len * 0.022);
      break;
    }
  }
}

/** The sea behind the fish: a deep gradient, lighter in the light theme; light rays that sway slowly. */
export function drawSea(ctx: CanvasRenderingContext2D, w: number, h: number, dark: boolean, t: number) {
  const g = ctx.createLinearGradient(0, 0, 0, h);
  if (dark) {
    g.addColorStop(0, '#06283d');
    g.addColorStop(1, '#020d18');
  } else {
    g.addColorStop(0, '#2a9fd6');
    g.addColorStop(1, '#0b4f7c');
  }
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
  ctx.save();
  ctx.globalAlpha = dark ? 0.05 : 0.09;
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < 5; i++) {
    const x = ((i + 0.5) / 5) * w + Math.sin(t / 3000 + i) * w * 0.04;
    ctx.beginPath();
    ctx.moveTo(x - w * 0.03, 0);
    ctx.lineTo(x + w * 0.03, 0);
    ctx.lineTo(x + w * 0.1, h);
    ctx.lineTo(x - w * 0.02, h);
    ctx.fill();
  }
  ctx.restore();
  // Sand and weed along the bottom.
  ctx.fillStyle = dark ? '#1d2a2a' : '#c9b27a';
  ctx.beginPath();
  ctx.moveTo(0, h);
  for (let i = 0; i <= 8; i++) ctx.lineTo((i / 8) * w, h - h * (0.03 + 0.015 * Math.sin(i * 1.7)));
  ctx.lineTo(w, h);
  ctx.fill();
}

/** Bubbles that rise and wrap round, placed from their index (no randomness per frame). */
export function drawBubbles(ctx: CanvasRenderingContext2D, w: number, h: number, t: number) {
  ctx.save();
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.lineWidth = 1;
  for (let i = 0; i < 18; i++) {
    const speed = 0.02 + ((i * 37) % 10) / 400;
    const y = h - (((t / 1000) * speed * h + i * 97) % (h * 1.1));
    const x = (((i * 173) % 100) / 100) * w + Math.sin(t / 700 + i) * 6;
    ctx.beginPath();
    ctx.arc(x, y, 2 + (i % 4), 0, Math.PI * 2);
    ctx.stroke();
  }
  ctx.restore();
}
