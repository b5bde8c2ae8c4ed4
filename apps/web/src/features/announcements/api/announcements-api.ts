import type { Announcement } from '@tala/contracts/content';
import { ANNOUNCEMENT_PAGE_SIZE } from '@tala/contracts/content-constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { Announcement };
export type AnnouncementPage = {
  list: Announcement[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
};

/** GET /wps/relay/MCSFE_getListAnnouncements — those in effect now on the web platform, 9 a page (§9). */
export const announcementsQuery = (language: string, pageNo: number) =>
  queryOptions({
    queryKey: ['announcements', language, pageNo],
    queryFn: () =>
      api<AnnouncementPage>('/wps/relay/MCSFE_getListAnnouncements', {
        query: { platform: 'W', execution: true, pageNo, pageSize: ANNOUNCEMENT_PAGE_SIZE },
      }),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** GET /wps/relay/MCSFE_getPopupAnnouncements — the popup group this login has not seen yet. */
export const popupAnnouncementsQuery = (token: string, language: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'popupAnnouncements', language],
    queryFn: () => api<Announcement[]>('/wps/relay/MCSFE_getPopupAnnouncements'),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** POST /wps/relay/MCSFE_ackPopupAnnouncements — shown: a reload of this login does not show them again. */
export const acknowledgePopups = (ids: number[]) =>
  api<{ acknowledged: number }>('/wps/relay/MCSFE_ackPopupAnnouncements', { method: 'POST', body: { ids } });
