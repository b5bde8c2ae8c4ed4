import type { feedbackQuestionType, memberFeedback } from '@tala/contracts/support';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { sessionToken } from '../../../lib/session.ts';

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

/**
 * PUT /wps/feedback as multipart form data (the API client speaks JSON): the fields and up to 3 images. Failures
 * come back as the same ApiError as every other call, with the server's localised message.
 */
export async function submitFeedback(
  fields: { questionType: QuestionType; content: string },
  images: File[],
) {
  const form = new FormData();
  form.set('questionType', fields.questionType);
  form.set('content', fields.content);
  for (const image of images) form.append('images', image, image.name);
  const headers: Record<string, string> = { Language: currentLanguage() };
  const token = sessionToken();
  if (token) headers.Authorization = token;
  let response: Response;
  try {
    response = await fetch('/wps/feedback', {
      method: 'PUT',
      headers,
      body: form,
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: { id: number; imageCount: number; createdAt: string };
    errorCode?: string;
    message?: string;
    field?: string;
  } | null;
  if (!response.ok || !json?.success || !json.value)
    throw new ApiError(
      response.status,
      json?.errorCode ?? 'bad_response',
      json?.message ?? i18n.t('errors.badResponse'),
      json?.field,
    );
  return json.value;
}
