import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage } from './i18n.ts';
import { queryClient } from './query-client.ts';

afterEach(async () => {
  await changeLanguage('EN');
  queryClient.clear();
  localStorage.clear();
});

describe('queryClient', () => {
  it('asks again for what is on the page when the visitor picks another language', async () => {
    const asked: string[] = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['member', 'promotions', 'list'],
      queryFn: async () => {
        asked.push(currentLanguage());
        return asked.length;
      },
    });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await expect.poll(() => asked).toEqual(['EN']);
    await changeLanguage('TY');
    await expect.poll(() => asked).toEqual(['EN', 'TY']);
    await expect.poll(() => seen.at(-1)).toBe(2);
    stop();
  });
});
