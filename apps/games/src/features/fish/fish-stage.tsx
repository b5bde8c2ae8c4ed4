import type { FishKind, FishWave } from '@tala/contracts/fish';
import { useEffect, useRef } from 'react';
import { drawBubbles, drawFish, drawSea } from './fish-art.ts';
import { cannonAt, fishAt, fishSize, swimming, waveMs, worldAspect } from './logic.ts';

export type Cannon = {
  slot: number;
  name: string;
  bet: number;
  angle: number;
  mine: boolean;
  betText: string;
};
export type Bullet = { slot: number; fishId: number; angle: number; born: number; mine: boolean };
export type Effect = {
  x: number;
  y: number;
  kind: FishKind;
  heading: number;
  text: string;
  born: number;
  mine: boolean;
};

/**
 * What the canvas draws, kept outside React (the page writes it, each frame reads it): the wave and its catches at
 * the server's clock, the cannons, bullets in flight and catch effects. Times in `born` are performance.now().
 */
export type Scene = {
  wave: FishWave | null;
  caught: Set<number>;
  offset: number;
  cannons: Cannon[];
  bullets: Bullet[];
  effects: Effect[];
  /** The fish the member's lock-on or last shot aims at, ringed. */
  target: number | null;
  /** The member's cannon's angle, turned by the pointer and the keys between renders. */
  myAngle: number;
};

export const bulletMs = 260;
const effectMs = 1_400;

/** The sea canvas: swims the wave's fish along their paths by the server's clock, at the screen's frame rate. */
export function FishStage({
  scene,
  label,
  onPointer,
  onKey,
}: {
  scene: React.RefObject<Scene>;
  label: string;
  /** A pointer went down, moved, or came up, at a point of the sea (0..1 both ways). */
  onPointer: (phase: 'down' | 'move' | 'up', point: { x: number; y: number }) => void;
  onKey: (event: React.KeyboardEvent<HTMLCanvasElement>) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    let frame = 0;
    let running = false;

    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const rect = canvas.getBoundingClientRect();
      canvas.width = Math.max(1, Math.round(rect.width * ratio));
      canvas.height = Math.max(1, Math.round(rect.height * ratio));
    };

    const draw = (now: number) => {
      const s = scene.current;
      const w = canvas.width;
      const h = canvas.height;
      const dark = document.documentElement.dataset.theme === 'dark';
      drawSea(ctx, w, h, dark, now);
      drawBubbles(ctx, w, h, now);
      const ms = s.wave ? waveMs(s.wave, Date.now() + s.offset) : 0;
      const fish = swimming(s.wave, s.caught, ms);
      for (const f of fish) {
        const len = fishSize[f.kind] * h;
        ctx.save();
        ctx.translate(f.x * w, f.y * h);
        if (f.id === s.target) {
          ctx.strokeStyle = 'rgba(255, 225, 90, 0.9)';
          ctx.lineWidth = Math.max(2, h * 0.004);
          ctx.setLineDash([h * 0.012, h * 0.008]);
          ctx.beginPath();
          ctx.arc(0, 0, len * 0.62, 0, Math.PI * 2);
          ctx.stroke();
          ctx.setLineDash([]);
        }
        // A fish swimming left is mirrored, so it stays upright.
        const left = Math.cos(f.heading) < 0;
        ctx.rotate(left ? f.heading + Math.PI : f.heading);
        if (left) ctx.scale(-1, 1);
        drawFish(ctx, f.kind, len, now / 180 + f.id);
        ctx.restore();
      }

      // Bullets fly from their cannon to their fish where it is now.
      s.bullets = s.bullets.filter((b) => now - b.born < bulletMs);
      for (const b of s.bullets) {
        const spawn = s.wave?.fish.find((f) => f.id === b.fishId);
        const at = spawn ? fishAt(spawn, ms) : null;
        const from = cannonAt(b.slot);
        const to = at ?? {
          x: from.x + (Math.cos(b.angle) * 0.6) / worldAspect,
          y: from.y + Math.sin(b.angle) * 0.6,
        };
        const p = (now - b.born) / bulletMs;
        const x = (from.x + (to.x - from.x) * p) * w;
        const y = (from.y + (to.y - from.y) * p) * h;
        ctx.fillStyle = b.mine ? '#ffe15a' : '#ffffff';
        ctx.shadowColor = b.mine ? '#ffb300' : '#9fd8ff';
        ctx.shadowBlur = h * 0.02;
        ctx.beginPath();
        ctx.arc(x, y, h * 0.009, 0, Math.PI * 2);
        ctx.fill();
        ctx.shadowBlur = 0;
      }

      // Caught fish spin away in a burst of light, their win rising over them.
      s.effects = s.effects.filter((e) => now - e.born < effectMs);
      for (const e of s.effects) {
        const p = (now - e.born) / effectMs;
        ctx.save();
        ctx.translate(e.x * w, e.y * h);
        ctx.globalAlpha = 1 - p;
        const ring = ctx.createRadialGradient(0, 0, 0, 0, 0, h * 0.12 * (0.5 + p));
        ring.addColorStop(0, 'rgba(255,240,160,0.8)');
        ring.addColorStop(1, 'rgba(255,240,160,0)');
        ctx.fillStyle = ring;
        ctx.beginPath();
        ctx.arc(0, 0, h * 0.12 * (0.5 + p), 0, Math.PI * 2);
        ctx.fill();
        ctx.save();
        ctx.rotate(e.heading + p * Math.PI * 3);
        ctx.scale(1 - p * 0.7, 1 - p * 0.7);
        drawFish(ctx, e.kind, fishSize[e.kind] * h, now / 60);
        ctx.restore();
        ctx.fillStyle = e.mine ? '#ffe15a' : '#ffffff';
        ctx.strokeStyle = 'rgba(0,0,0,0.6)';
        ctx.lineWidth = Math.max(2, h * 0.006);
        ctx.font = `800 ${Math.round(h * (e.mine ? 0.06 : 0.04))}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.strokeText(e.text, 0, -h * (0.05 + p * 0.08));
        ctx.fillText(e.text, 0, -h * (0.05 + p * 0.08));
        ctx.restore();
      }

      // Open seats: a dim base on the rail, so that the four places read as a table.
      for (let slot = 0; slot < 4; slot++)
        if (!s.cannons.some((c) => c.slot === slot)) drawOpenSeat(ctx, slot, w, h);
      for (const c of s.cannons) {
        if (c.mine) drawAimLine(ctx, c.slot, s.myAngle, w, h);
        drawCannon(ctx, c.mine ? { ...c, angle: s.myAngle } : c, w, h);
      }
    };

    const loop = (now: number) => {
      draw(now);
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      if (running || document.hidden) return;
      running = true;
      frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      running = false;
      cancelAnimationFrame(frame);
    };
    // A hidden tab draws nothing: the fish are where the clock says when it shows again.
    const onVisibility = () => (document.hidden ? stop() : start());
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(fit);
    observer?.observe(canvas);
    document.addEventListener('visibilitychange', onVisibility);
    start();
    return () => {
      stop();
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [scene]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: (event.clientX - rect.left) / Math.max(1, rect.width),
      y: (event.clientY - rect.top) / Math.max(1, rect.height),
    };
  };

  return (
    <canvas
      ref={canvasRef}
      className="fish__canvas"
      data-testid="fish-canvas"
      // The sea takes the keyboard's aim and fire.
      tabIndex={0}
      aria-label={label}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        e.currentTarget.focus();
        onPointer('down', point(e));
      }}
      // The cannon follows the pointer (hovering aims; held down, the shots follow it).
      onPointerMove={(e) => onPointer('move', point(e))}
      onPointerUp={(e) => onPointer('up', point(e))}
      onPointerCancel={(e) => onPointer('up', point(e))}
      onKeyDown={onKey}
    />
  );
}

/** The member's aim: a dotted line from the cannon, so that the keyboard's aim can be seen before firing. */
function drawAimLine(ctx: CanvasRenderingContext2D, slot: number, angle: number, w: number, h: number) {
  const at = cannonAt(slot);
  const reach = 0.45;
  ctx.save();
  ctx.strokeStyle = 'rgba(255, 240, 170, 0.55)';
  ctx.lineWidth = Math.max(1.5, h * 0.004);
  ctx.setLineDash([h * 0.012, h * 0.014]);
  ctx.beginPath();
  ctx.moveTo(at.x * w, at.y * h);
  ctx.lineTo(at.x * w + Math.cos(angle) * reach * h, at.y * h + Math.sin(angle) * reach * h);
  ctx.stroke();
  ctx.restore();
}

function drawOpenSeat(ctx: CanvasRenderingContext2D, slot: number, w: number, h: number) {
  const at = cannonAt(slot);
  ctx.save();
  ctx.globalAlpha = 0.35;
  ctx.fillStyle = '#dfe6ee';
  ctx.beginPath();
  ctx.arc(at.x * w, at.y * h, h * 0.05, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawCannon(ctx: CanvasRenderingContext2D, c: Cannon, w: number, h: number) {
  const at = cannonAt(c.slot);
  const x = at.x * w;
  const y = at.y * h;
  const base = h * 0.07;
  ctx.save();
  ctx.translate(x, y);
  // The base: a half disc on the rail, gold for the member's own seat.
  const g = ctx.createRadialGradient(0, 0, base * 0.2, 0, 0, base);
  g.addColorStop(0, c.mine ? '#fff2a8' : '#dfe6ee');
  g.addColorStop(1, c.mine ? '#c98f00' : '#56687a');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(0, 0, base, 0, Math.PI * 2);
  ctx.fill();
  if (c.mine) {
    ctx.strokeStyle = '#ffe15a';
    ctx.lineWidth = Math.max(2, h * 0.006);
    ctx.stroke();
  }
  // The barrel, longer for a bigger bet, turned to the last shot's angle (the world is 16:9, the canvas too).
  ctx.rotate(c.angle);
  const len = base * (1.1 + Math.min(0.6, Math.log10(Math.max(1, c.bet)) * 0.12));
  const barrel = ctx.createLinearGradient(0, -base * 0.3, 0, base * 0.3);
  barrel.addColorStop(0, c.mine ? '#ffe15a' : '#b7c4d1');
  barrel.addColorStop(1, c.mine ? '#a56d00' : '#3c4b59');
  ctx.fillStyle = barrel;
  ctx.fillRect(0, -base * 0.22, len, base * 0.44);
  ctx.restore();
  // Name and bet on the rail beside the cannon.
  ctx.save();
  ctx.font = `700 ${Math.round(h * 0.032)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.fillStyle = c.mine ? '#ffe15a' : '#ffffff';
  ctx.strokeStyle = 'rgba(0,0,0,0.7)';
  ctx.lineWidth = Math.max(2, h * 0.006);
  const ty = at.y > 0.5 ? y - base * 1.5 : y + base * 1.9;
  const text = `${c.name} · ${c.betText}`;
  ctx.strokeText(text, x + base * 2.6 * (at.x > 0.5 ? 1 : -1), ty + base);
  ctx.fillText(text, x + base * 2.6 * (at.x > 0.5 ? 1 : -1), ty + base);
  ctx.restore();
}
