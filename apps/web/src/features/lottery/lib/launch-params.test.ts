import { describe, expect, it } from 'vitest';
import { readLaunchParams } from './launch-params.ts';

const read = (query: string) => readLaunchParams(new URLSearchParams(query));

describe('the lottery launch parameters', () => {
  it('opens a game with the betting view, or the lobby', () => {
    expect(read('lottoArea=VN&launchMode=LOTT&lottoGameCode=VNN1&lottoPrizeMode=ZY')).toMatchObject({
      gameCode: 'VNN1',
      prizeMode: 'ZY',
      view: 'betting',
    });
    expect(read('lottoGameCode=VNN1&lottoView=lobby').view).toBe('lobby');
    expect(read('lottoView=betting').view).toBe('lobby');
    expect(read('gameCode=vns3').gameCode).toBe('VNS3');
    expect(read('lottoPrizeMode=XX').prizeMode).toBe('Lott');
  });

  it('keeps a same-site back address and a language code only', () => {
    expect(read('backUrl=%2Findex').backUrl).toBe('/index');
    expect(read('backUrl=https%3A%2F%2Fevil.example').backUrl).toBeNull();
    expect(read('backUrl=%2F%2Fevil.example').backUrl).toBeNull();
    expect(read('language=ty').language).toBe('TY');
    expect(read('language=english').language).toBeNull();
    expect(read('gameCode=%3Cscript%3E').gameCode).toBeNull();
  });

  it('knows the area VN only: another area opens the lobby with a notice naming it (decision 043)', () => {
    expect(read('lottoGameCode=VNN1')).toMatchObject({ area: 'VN', unknownArea: null, view: 'betting' });
    expect(read('lottoArea=vn&lottoGameCode=VNN1')).toMatchObject({
      area: 'VN',
      unknownArea: null,
      gameCode: 'VNN1',
    });
    expect(read('lottoArea=TH&lottoGameCode=VNN1&lottoView=betting')).toMatchObject({
      area: 'VN',
      unknownArea: 'TH',
      gameCode: null,
      view: 'lobby',
    });
    expect(read('lottoArea=sea').unknownArea).toBe('SEA');
    expect(read('lottoArea=%3Cb%3E').unknownArea).toBe('?');
    expect(read('lottoArea=').unknownArea).toBeNull();
  });
});
