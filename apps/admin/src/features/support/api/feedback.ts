import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/page.ts';

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
