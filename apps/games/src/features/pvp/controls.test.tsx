import '@testing-library/jest-dom/vitest';
import type { PvpSeat, PvpTable } from '@tala/contracts/pvp';
import { type HoldemView, holdem } from '@tala/live/holdem';
import { type PusoyView, pusoyRules } from '@tala/live/pusoy';
import { pvpDeck } from '@tala/live/pvp';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { cardName } from './cards.tsx';
import { holdemParts } from './holdem-parts.tsx';
import { pusoyParts } from './pusoy-parts.tsx';
import { SeatsOval } from './seats.tsx';
import { SitPanel } from './sit-panel.tsx';

const table: PvpTable = {
  code: 'PUSOY-5',
  game: 'PUSOY',
  name: 'Pusoy',
  stake: 500,
  seats: 4,
  seated: 2,
  minBuyIn: 20_000,
  maxBuyIn: 100_000,
  rakeBps: 500,
  rakeCap: 3_000,
  turnSeconds: 20,
  maintenance: false,
};
const input = (seats: number[], button: number) => ({
  seats: seats.map((seat) => ({ seat, stack: 100_000 })),
  button,
  stake: 1_000,
  rakeBps: 500,
  rakeCap: 3_000,
  deck: pvpDeck('seed-ui', 'T-1', 1),
});

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('the Pusoy Dos hand', () => {
  const state = pusoyRules.deal(input([0, 1], 1));
  const me = state.toAct!;
  const view = pusoyRules.view(state, me) as PusoyView;

  it('plays the picked cards with Enter only when they are a legal play, and lights playable cards', () => {
    const send = vi.fn();
    render(
      <pusoyParts.Controls
        view={view}
        table={table}
        mySeat={me}
        myTurn
        busy={false}
        symbol="P"
        send={send}
      />,
    );
    const hand = screen.getByTestId('my-hand');
    expect(within(hand).getAllByRole('button')).toHaveLength(13);
    const opening = within(hand).getByRole('button', { name: cardName(view.opening!) });
    expect(opening).toHaveClass('pvp-card--playable');
    const play = screen.getByRole('button', { name: /^Play/ });
    expect(play).toBeDisabled();
    // The leader of the first trick may not pass.
    expect(screen.getByRole('button', { name: /^Pass/ })).toBeDisabled();

    fireEvent.click(opening);
    expect(opening).toHaveAttribute('aria-pressed', 'true');
    expect(play).toBeEnabled();
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith({ type: 'play', cards: [view.opening] });
  });

  it('offers nothing to play when it is not the member’s turn', () => {
    const send = vi.fn();
    render(
      <pusoyParts.Controls
        view={view}
        table={table}
        mySeat={me}
        myTurn={false}
        busy={false}
        symbol="P"
        send={send}
      />,
    );
    fireEvent.click(screen.getAllByRole('button', { name: cardName(view.opening!) })[0]!);
    fireEvent.keyDown(window, { key: 'Enter' });
    fireEvent.keyDown(window, { key: 'p' });
    expect(send).not.toHaveBeenCalled();
  });
});

describe('the hold’em actions', () => {
  const state = holdem.deal(input([2, 5], 2));
  const me = holdem.toAct(state)!;
  const view = holdem.view(state, me) as HoldemView;

  it('fold, call and raise by keyboard and touch, with the slider’s quick sizes', () => {
    const send = vi.fn();
    render(
      <holdemParts.Controls
        view={view}
        table={{ ...table, game: 'HOLDEM' }}
        mySeat={me}
        myTurn
        busy={false}
        symbol="P"
        send={send}
      />,
    );
    fireEvent.keyDown(window, { key: 'f' });
    expect(send).toHaveBeenLastCalledWith({ type: 'fold' });
    fireEvent.keyDown(window, { key: 'c' });
    expect(send).toHaveBeenLastCalledWith({ type: 'call' });
    fireEvent.click(screen.getByRole('button', { name: 'Pot' }));
    fireEvent.click(screen.getByRole('button', { name: /Raise to P30\.00/ }));
    expect(send).toHaveBeenLastCalledWith({ type: 'raise', to: 3_000 });
    fireEvent.change(screen.getByRole('slider'), { target: { value: '100000' } });
    fireEvent.keyDown(window, { key: 'r' });
    expect(send).toHaveBeenLastCalledWith({ type: 'allIn' });
  });
});

describe('the seats and the turn timer', () => {
  const seats: PvpSeat[] = [
    { seat: 0, name: 'an***', stack: 50_000, mine: true, inHand: true, leaving: false },
    { seat: 2, name: 'bo***', stack: 40_000, mine: false, inHand: true, leaving: true },
  ];

  it('shows names, stacks, the leaving mark, the seconds left on the seat to act, and free seats to sit at', () => {
    const onSit = vi.fn();
    render(
      <SeatsOval
        table={table}
        seats={seats}
        mySeat={0}
        view={null}
        parts={null}
        toAct={2}
        deadline="2026-11-26T10:00:20.000Z"
        serverNow={new Date('2026-11-26T10:00:12.500Z').getTime()}
        outcome={null}
        symbol="P"
        canSit
        onSit={onSit}
      >
        felt
      </SeatsOval>,
    );
    expect(screen.getByText('an*** (you)')).toBeInTheDocument();
    expect(screen.getByTestId('stack-2')).toHaveTextContent('P400.00');
    expect(within(screen.getByTestId('seat-2')).getByText('Leaving')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('8');
    expect(screen.getByTestId('seat-2')).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Sit at seat 2' }));
    expect(onSit).toHaveBeenCalledWith(1);
  });

  it('states the rake before sitting and keeps the buy-in under the balance', () => {
    const onSit = vi.fn();
    render(
      <SitPanel
        table={table}
        seat={1}
        balance={60_000}
        symbol="P"
        busy={false}
        error={null}
        onSit={onSit}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByTestId('rake-line')).toHaveTextContent(
      'The house takes 5% of each pot, at most P30.00 a hand.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Most' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sit with P600.00' }));
    expect(onSit).toHaveBeenCalledWith(60_000);
  });
});
