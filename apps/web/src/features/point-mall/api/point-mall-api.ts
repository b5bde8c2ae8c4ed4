import type {
  convertResponse,
  PointLine,
  PointSettings,
  PointType,
  pointLinePageResponse,
  pointRewardResponse,
  RedeemStatus,
  Redemption,
  redemptionPageResponse,
} from '@tala/contracts/points';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// One place for the point mall's calls (/wps/relay/...): their value types come from the contracts.
type ValueOf<T extends z.ZodType> = z.infer<T> extends { value: infer V } ? V : never;
export type Catalogue = ValueOf<typeof pointRewardResponse>;
export type RedemptionPage = ValueOf<typeof redemptionPageResponse>;
export type PointLinePage = ValueOf<typeof pointLinePageResponse>;
export type Conversion = ValueOf<typeof convertResponse>;
export type { PointLine, PointSettings, PointType, RedeemStatus, Redemption };

// Under the member root, so that login, logout and every movement read them again.
const key = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'points', name, ...rest];

export const pointBalanceQuery = () =>
  queryOptions({
    queryKey: key('balance'),
    queryFn: () => api<{ points: number }>('/wps/relay/MCS2_getPointBalance'),
  });

export const catalogueQuery = () =>
  queryOptions({
    queryKey: key('catalogue'),
    queryFn: () => api<Catalogue>('/wps/relay/MCS2_getPointReward'),
  });

export const redemptionsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: key('redemptions', pageNo),
    queryFn: () =>
      api<RedemptionPage>('/wps/relay/MCS2_getRedeemPointList', { query: { pageNo, pageSize: 10 } }),
    placeholderData: keepPreviousData,
  });

export const pointLinesQuery = (type: PointType | undefined, pageNo: number) =>
  queryOptions({
    queryKey: key('lines', type ?? 'all', pageNo),
    queryFn: () =>
      api<PointLinePage>('/wps/relay/ODSFE2_MemTransDet', { query: { type, pageNo, pageSize: 15 } }),
    placeholderData: keepPreviousData,
  });

/** A request id made once per attempt: a repeated click or a retried request redeems once. */
export function newRequestId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export const pointMallApi = {
  redeem: (body: {
    rewardId: number;
    quantity: number;
    address: string;
    mobile: string;
    remark: string;
    paymentPassword: string;
    requestId: string;
  }) => api<Redemption>('/wps/relay/passwordCheck/MCS2_redeemPointReward', { method: 'POST', body }),
  convert: (body: { points: number; paymentPassword: string; requestId: string }) =>
    api<Conversion>('/wps/relay/passwordCheck/MCS2_convertPoint', { method: 'POST', body }),
};
