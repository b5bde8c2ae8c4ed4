import type { ReviewDocument } from '@tala/contracts/kyc';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { ReviewDocument };
export const kycKey = ['admin', 'kyc'] as const;

/** A decision on a document (approve or reject); the queue and the document are read again after it. */
export function useReviewAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, body }: { id: number; decision: 'approve' | 'reject'; body: object }) =>
      api<ReviewDocument>(`/admin-api/kyc/documents/${id}/${decision}`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: kycKey }),
  });
}
