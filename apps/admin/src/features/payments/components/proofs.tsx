import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';
import { useAuthorisedImage } from '../../../lib/authorised-image.ts';
import { paymentsKey } from '../api/payments.ts';

/** One proof image, fetched with the operator's token and shown from a blob address. */
function ProofImage({ id, n }: { id: number; n: number }) {
  const { t } = useTranslation();
  const url = useAuthorisedImage(`/admin-api/payments/proofs/${id}`);
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img
        src={url}
        alt={t('payments.proofs', { n })}
        width={64}
        height={64}
        style={{ objectFit: 'cover' }}
      />
    </a>
  );
}

/** The proof images a member sent with a deposit or a withdrawal complaint. */
export function Proofs({ kind, id }: { kind: 'deposits' | 'withdrawals'; id: number }) {
  const ids = useQuery({
    queryKey: [...paymentsKey, 'proofs', kind, id],
    queryFn: ({ signal }) => api<number[]>(`/admin-api/payments/${kind}/${id}/proofs`, { signal }),
  });
  if (!ids.data || ids.data.length === 0) return null;
  return (
    <span className="inline-field">
      {ids.data.map((proof, index) => (
        <ProofImage key={proof} id={proof} n={index + 1} />
      ))}
    </span>
  );
}
