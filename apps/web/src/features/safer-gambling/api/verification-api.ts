import type { DocumentKind, MemberVerification } from '@tala/contracts/kyc';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { currentLanguage, i18n } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { sessionToken } from '../../../lib/session.ts';

export type { DocumentKind, MemberVerification };

/** GET /wps/relay/KYC_status: the member's verification status and latest documents. */
export const verificationQuery = () =>
  queryOptions({
    queryKey: [memberQueryRoot, 'safer-gambling', 'verification'],
    queryFn: () => api<MemberVerification>('/wps/relay/KYC_status'),
  });

/**
 * POST /wps/relay/KYC_upload as multipart form data, through XMLHttpRequest so that the member sees the upload's
 * progress (fetch cannot report it); answers like `api`: the value, or an ApiError with the server's code.
 */
export function uploadDocument(
  kind: DocumentKind,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<MemberVerification> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('document', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/wps/relay/KYC_upload');
    request.setRequestHeader('Language', currentLanguage());
    const token = sessionToken();
    if (token) request.setRequestHeader('Authorization', token);
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', i18n.t('errors.network')));
    request.onload = () => {
      const body = (request.response ?? {}) as {
        success?: boolean;
        value?: MemberVerification;
        errorCode?: string;
        message?: string;
        field?: string;
      };
      if (request.status >= 200 && request.status < 300 && body.success === true && body.value) {
        onProgress(1);
        resolve(body.value);
        return;
      }
      reject(
        new ApiError(
          request.status,
          body.errorCode ?? 'bad_response',
          body.message ?? i18n.t('errors.badResponse'),
          body.field,
          body as Record<string, unknown>,
        ),
      );
    };
    request.send(form);
  });
}
