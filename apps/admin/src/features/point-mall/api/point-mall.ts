import type {
  AdminRedemption,
  AdminReward,
  PointSettings,
  RedeemStatus,
  RewardBody,
} from '@tala/contracts/points';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { endSession, sessionToken } from '../../../lib/session.ts';

export type { AdminRedemption, AdminReward, PointSettings, RedeemStatus, RewardBody };

export const pointMallKey = ['admin', 'point-mall'] as const;
const base = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}/points`;

export const usePointSettings = (code: string) =>
  useQuery({
    queryKey: [...pointMallKey, 'settings', code],
    queryFn: ({ signal }) => api<PointSettings>(`${base(code)}/settings`, { signal }),
  });

export function useSavePointSettings(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PointSettings) =>
      api<PointSettings>(`${base(code)}/settings`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: pointMallKey }),
  });
}

export const useRewards = (code: string) =>
  useQuery({
    queryKey: [...pointMallKey, 'rewards', code],
    queryFn: ({ signal }) => api<AdminReward[]>(`${base(code)}/rewards`, { signal }),
  });

/** Creates (no id) or saves a reward, then uploads its picture when one was chosen. */
export function useSaveReward(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, image }: { id: number | null; body: RewardBody; image: File | null }) => {
      const saved = await api<AdminReward>(
        id === null ? `${base(code)}/rewards` : `${base(code)}/rewards/${id}`,
        {
          method: id === null ? 'POST' : 'PUT',
          body,
        },
      );
      return image ? uploadRewardImage(code, saved.id, image) : saved;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: pointMallKey }),
  });
}

/** POST .../rewards/:id/image (multipart, field `image`): png or jpg, checked by content on the server. */
async function uploadRewardImage(code: string, id: number, file: File): Promise<AdminReward> {
  const form = new FormData();
  form.append('image', file);
  const token = sessionToken();
  let response: Response;
  try {
    response = await fetch(`${base(code)}/rewards/${id}/image`, {
      method: 'POST',
      headers: { Language: currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: AdminReward;
    errorCode?: string;
    message?: string;
    field?: string;
  } | null;
  if (!response.ok || !json?.success || !json.value) {
    if (response.status === 401 && token) endSession('expired');
    throw new ApiError(
      response.status,
      json?.errorCode ?? 'bad_response',
      json?.message ?? i18n.t('errors.badResponse'),
      json?.field,
    );
  }
  return json.value;
}

export const useRedemptions = (merchantCode: string, status: RedeemStatus | '', pageNo: number) =>
  useQuery({
    queryKey: [...pointMallKey, 'redemptions', merchantCode, status, pageNo],
    queryFn: ({ signal }) =>
      api<{ list: AdminRedemption[]; pageNo: number; totalPages: number; total: number }>(
        '/admin-api/point-redemptions',
        { signal, query: { merchantCode, status: status || undefined, pageNo, pageSize: 20 } },
      ),
  });

export function useDecideRedemption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string | null }) =>
      api<AdminRedemption>(`/admin-api/point-redemptions/${id}/${reason === null ? 'approve' : 'reject'}`, {
        method: 'POST',
        ...(reason === null ? {} : { body: { reason } }),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: pointMallKey }),
  });
}
