import type {
  Application,
  Bonus,
  BonusStatus,
  bonusPageResponse,
  Promotion,
  PromotionKind,
  rewardCentreResponse,
} from '@tala/contracts/promotions';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { deviceId } from '../../../lib/device-id.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// One place for the promotions' calls (/wps/relay/...): their value types come from the contracts.
type ValueOf<T extends z.ZodType> = z.infer<T> extends { value: infer V } ? V : never;
export type BonusPage = ValueOf<typeof bonusPageResponse>;
export type RewardCentre = ValueOf<typeof rewardCentreResponse>;
export type { Bonus, Promotion, PromotionKind };

// Under the member root, so that login, logout and every money movement read them again.
const key = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'promotions', name, ...rest];

export const promotionsQuery = (kind: PromotionKind | undefined, signedIn: boolean) =>
  queryOptions({
    queryKey: key('list', kind ?? 'all', signedIn),
    queryFn: () => api<Promotion[]>('/wps/relay/MCSFE_getPromotions', { query: { kind } }),
    placeholderData: keepPreviousData,
  });

export const promotionQuery = (id: number, signedIn: boolean) =>
  queryOptions({
    queryKey: key('detail', id, signedIn),
    queryFn: () => api<Promotion>('/wps/relay/MCSFE_getPromotionDetail', { query: { id } }),
    retry: false,
  });

export const bonusesQuery = (status: BonusStatus | undefined, pageNo: number) =>
  queryOptions({
    queryKey: key('bonuses', status ?? 'all', pageNo),
    queryFn: () =>
      api<BonusPage>('/wps/relay/MCSFE_getBonusDetails', { query: { status, pageNo, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

export const rewardCentreQuery = () =>
  queryOptions({
    queryKey: key('rewardCentre'),
    queryFn: () => api<RewardCentre>('/wps/relay/MCSFE_getRewardCenter'),
  });

export const promotionsApi = {
  /** Claims a bonus, or draws a raffle's prize (§7 `MCS2_claimRafflePromotion`). */
  claim: (promotionId: number, raffle = false) =>
    api<Bonus>(raffle ? '/wps/relay/MCS2_claimRafflePromotion' : '/wps/relay/MCS2_claimPromotion', {
      method: 'POST',
      body: { promotionId, deviceId: deviceId() },
    }),
  apply: (promotionId: number, remark: string, images: File[]) => {
    const form = new FormData();
    form.set('promotionId', String(promotionId));
    form.set('remark', remark);
    for (const image of images) form.append('images', image, image.name);
    return api<Application>('/wps/relay/MCS2_applyPromotion', { method: 'POST', formData: form });
  },
  forfeit: (bonusId: number) =>
    api<Bonus>('/wps/relay/MCS2_forfeitBonus', { method: 'POST', body: { bonusId } }),
};
