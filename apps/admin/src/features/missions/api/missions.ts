import type { AdminMission, MissionBody } from '@tala/contracts/missions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { AdminMission, MissionBody };

export const missionsKey = ['admin', 'missions'] as const;
const base = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}/missions`;

export const useMissions = (code: string) =>
  useQuery({
    queryKey: [...missionsKey, 'list', code],
    queryFn: ({ signal }) => api<AdminMission[]>(base(code), { signal }),
  });

/** Creates (no id) or saves a mission; every missions list is read again. */
export function useSaveMission(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: MissionBody }) =>
      api<AdminMission>(id === null ? base(code) : `${base(code)}/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: missionsKey }),
  });
}
