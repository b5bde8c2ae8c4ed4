import { minBetChoices } from '@tala/contracts/games';
import { moneyDisplay } from '@tala/contracts/money-format';
import { describe, expect, it } from 'vitest';
import { siteCurrency } from '../../../lib/money.ts';
import { minBetOptions } from './min-bets.ts';

describe('the lobby’s minimum-bet choices', () => {
  it('shows the dong merchant’s choices in dong, without decimals, and sends the values the list takes', () => {
    const dong = siteCurrency(moneyDisplay({ currency: 'VND' }));
    expect(minBetOptions(minBetChoices, dong, 'EN')).toEqual([
      { value: '0.01', label: '10 ₫' },
      { value: '0.05', label: '50 ₫' },
      { value: '0.1', label: '100 ₫' },
      { value: '0.5', label: '500 ₫' },
      { value: '0.75', label: '750 ₫' },
    ]);
    expect(minBetOptions(['0.75'], dong, 'VI')[0]?.label).toBe('750 ₫');
  });

  it('shows the peso merchant’s choices in pesos with two decimals', () => {
    const peso = siteCurrency(moneyDisplay({ currency: 'PHP' }));
    expect(minBetOptions(minBetChoices, peso, 'EN').map((o) => o.label)).toEqual([
      'P0.01',
      'P0.05',
      'P0.10',
      'P0.50',
      'P0.75',
    ]);
  });
});
