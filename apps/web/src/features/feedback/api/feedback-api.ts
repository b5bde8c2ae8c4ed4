import type { feedbackQuestionType, memberFeedback } from '@tala/contracts/support';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type QuestionType = z.infer<typeof feedbackQuestionType>;
export type MemberFeedback = z.infer<typeof memberFeedback>;
export type FeedbackSettings = {
  minWords: number;
  maxWords: number;
  questionTypes: QuestionType[];
  maxImages: number;
  maxImageBytes: number;
  imageTypes: string[];
};

/** GET /wps/feedback/settings — the merchant's word bounds and the image rules. */
export const feedbackSettingsQuery = () =>
  queryOptions({
    queryKey: ['feedbackSettings'],
    queryFn: () => api<FeedbackSettings>('/wps/feedback/settings'),
    staleTime: 10 * 60_000,
  });

/** GET /wps/feedback — the member's own feedback with the answers. */
export const myFeedbackQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'feedback'],
    queryFn: () =>
      api<{ list: MemberFeedback[]; total: number }>('/wps/feedback', { query: { pageNo: 1, pageSize: 20 } }),
    retry: false,
  });

/** PUT /wps/feedback as multipart form data: the fields and up to 3 images. */
export async function submitFeedback(
  fields: { questionType: QuestionType; content: string },
  images: File[],
) {
  const form = new FormData();
  form.set('questionType', fields.questionType);
  form.set('content', fields.content);
  for (const image of images) form.append('images', image, image.name);
  return api<{ id: number; imageCount: number; createdAt: string }>('/wps/feedback', {
    method: 'PUT',
    formData: form,
  });
}
