import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/page.ts';
import { sessionToken } from '../../../lib/session.ts';

export type FeedbackStatus = 'open' | 'answered';
/** A member's feedback as the inbox shows it (contracts' adminFeedback). */
export type AdminFeedback = {
  id: number;
  merchantCode: string;
  memberId: number;
  memberAccount: string;
  language: string;
  questionType: string;
  content: string;
  imageCount: number;
  imageUrls: string[];
  status: FeedbackStatus;
  answer: string | null;
  answeredAt: string | null;
  answeredBy: string | null;
  ip: string | null;
  createdAt: string;
};
export type FeedbackFilter = { pageNo: number; status: '' | FeedbackStatus; merchantCode: string };

/** GET /admin-api/support/feedback (owners and support). */
export const useFeedbackInbox = (filter: FeedbackFilter) =>
  useQuery({
    queryKey: ['admin', 'feedback', 'list', filter],
    queryFn: ({ signal }) =>
      api<Page<AdminFeedback>>('/admin-api/support/feedback', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          status: filter.status || undefined,
          merchantCode: filter.merchantCode || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

/** POST /admin-api/support/feedback/:id/answer: the member gets the answer as a platform message. */
export function useAnswerFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: string }) =>
      api<AdminFeedback>(`/admin-api/support/feedback/${id}/answer`, { method: 'POST', body: { answer } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin', 'feedback'] }),
  });
}

/**
 * An image of a feedback, fetched with the operator's token (an `<img src>` cannot send it) and shown from a
 * blob address that is revoked when the image leaves the page.
 */
export function useAuthorisedImage(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    const controller = new AbortController();
    const token = sessionToken();
    fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then(async (response) => {
        if (!response.ok) return;
        const blob = await response.blob();
        if (revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return url;
}
