import '@testing-library/jest-dom/vitest';
import type { FishRecallWave } from '@tala/contracts/fish';
import { fishShot } from '@tala/live/fish';
import { hashServerSeed } from '@tala/slots/fairness';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { FishRecall } from './fish-recall.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const seed = 'c'.repeat(64);
const clientSeed = 'browser-seed-1';

/** A wave of three sardine shots as the engine settles them (or, with `forge`, one of them reported otherwise). */
function waveOf(waveNo: number, revealed: boolean, forge = false): FishRecallWave {
  const shots = [0, 1, 2].map((nonce) => {
    const out = fishShot(seed, 'FISH-1', waveNo, clientSeed, nonce, 'sardine', 9600);
    const caught = forge && nonce === 1 ? !out.caught : out.caught;
    const multiplier = caught ? 2 : 0;
    return {
      nonce,
      fishId: 4,
      kind: 'sardine' as const,
      bet: 100,
      caught,
      multiplier,
      win: multiplier * 100,
      at: '2026-11-26T10:00:01Z',
    };
  });
  return {
    roomCode: 'FISH-1',
    waveNo,
    startsAt: '2026-11-26T10:00:00.000Z',
    serverSeedHash: hashServerSeed(seed),
    serverSeed: revealed ? seed : null,
    clientSeed,
    rtpBps: 9600,
    totalBet: 300,
    totalWin: shots.reduce((sum, s) => sum + s.win, 0),
    shots,
  };
}

function answer(waves: FishRecallWave[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: true, value: { waves } }))),
  );
}

describe('FishRecall', () => {
  it('checks each shot of a finished wave with the engine, and waits for the seed of a wave in play', async () => {
    answer([waveOf(9, false), waveOf(8, true)]);
    render(<FishRecall code="FISH-1" symbol="P" />);
    const recall = await screen.findByTestId('fish-recall');
    const [inPlay, done] = within(recall).getAllByTestId('recall-verified');
    expect(inPlay).toHaveTextContent('Shown when the wave is over');
    expect(done).toHaveTextContent('✓ Verified');
    const rows = recall.querySelectorAll('details[data-wave="8"] [data-testid="shot-check"]');
    expect([...rows].map((r) => r.textContent)).toEqual(['✓', '✓', '✓']);
  });

  it('shows a shot the seed does not make as not verified', async () => {
    answer([waveOf(8, true, true)]);
    render(<FishRecall code="FISH-1" symbol="P" />);
    const verdict = await screen.findByTestId('recall-verified');
    expect(verdict).toHaveTextContent('✗ Not verified');
    const rows = screen.getAllByTestId('shot-check').map((r) => r.textContent);
    expect(rows).toEqual(['✓', '✗ differs', '✓']);
  });

  it('says so when the member has not played here', async () => {
    answer([]);
    render(<FishRecall code="FISH-1" symbol="P" />);
    expect(await screen.findByText('You have not shot in this room yet.')).toBeInTheDocument();
  });
});
