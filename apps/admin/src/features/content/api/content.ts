import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { endSession, sessionToken } from '../../../lib/session.ts';

export const merchantBase = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}`;
export const contentKey = (code: string, resource: string) => ['admin', 'content', code, resource] as const;

type Query = Record<string, string | number | undefined>;

/** GET a merchant's content list (`banners`, `notices`, ...), optionally filtered. */
export function useContentList<T>(code: string, resource: string, query: Query = {}) {
  return useQuery({
    queryKey: [...contentKey(code, resource), query],
    queryFn: ({ signal }) => api<T[]>(`${merchantBase(code)}/${resource}`, { signal, query }),
  });
}

/** POST a new item or PUT an existing one; the resource's lists are loaded again afterwards. */
export function useSaveItem<Body, T>(code: string, resource: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: Body }) =>
      api<T>(`${merchantBase(code)}/${resource}${id ? `/${id}` : ''}`, {
        method: id ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKey(code, resource) }),
  });
}

export function useDeleteItem(code: string, resource: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ id: number }>(`${merchantBase(code)}/${resource}/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKey(code, resource) }),
  });
}

/** A whole-document resource (content settings, channels): GET and PUT. */
export function useDocument<T>(code: string, resource: string) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: contentKey(code, resource),
    queryFn: ({ signal }) => api<T>(`${merchantBase(code)}/${resource}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const save = useMutation({
    mutationFn: (body: T) => api<T>(`${merchantBase(code)}/${resource}`, { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(contentKey(code, resource), saved),
  });
  return { query, save };
}

export type UploadedImage = {
  id: string;
  url: string;
  contentType: string;
  byteSize: number;
  width: number | null;
  height: number | null;
};

/** POST /admin-api/merchants/:code/images (multipart, field `file`): png, jpg or webp, checked by content. */
export async function uploadImage(code: string, file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  const token = sessionToken();
  let response: Response;
  try {
    response = await fetch(`${merchantBase(code)}/images`, {
      method: 'POST',
      headers: { Language: currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network_error', i18n.t('errors.network'));
  }
  const json = (await response.json().catch(() => null)) as {
    success?: boolean;
    value?: UploadedImage;
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
