import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useCredentials, useSaveCredentials, type VendorCredentials } from '../api/games-admin.ts';
import { QueryView } from './games-shared.tsx';

function CredentialsRow({
  vendor,
  onSecret,
}: {
  vendor: VendorCredentials;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const save = useSaveCredentials();
  const [launchUrl, setLaunchUrl] = useState(vendor.launchUrl ?? 'sim:');
  const [enabled, setEnabled] = useState(vendor.enabled);
  const [freeRoundWins, setFreeRoundWins] = useState(vendor.freeRoundWins);
  if (vendor.inHouse)
    return (
      <tr>
        <th scope="row">{vendor.vendorName}</th>
        <td colSpan={5} className="muted">
          {t('gamesAdmin.inHouse')}
        </td>
      </tr>
    );
  const submit = (rotateSecret: boolean) =>
    save.mutate(
      { code: vendor.vendorCode, values: { enabled, launchUrl, rotateSecret, freeRoundWins } },
      { onSuccess: (answer) => (answer.newSecret ? onSecret(answer.newSecret) : undefined) },
    );
  return (
    <tr>
      <th scope="row">
        {vendor.vendorName}
        <span className="muted"> · {vendor.vendorCode}</span>
      </th>
      <td data-label={t('gamesAdmin.launchUrl')}>
        <input
          className="input"
          aria-label={t('gamesAdmin.launchUrlOf', { name: vendor.vendorName })}
          value={launchUrl}
          onChange={(e) => setLaunchUrl(e.target.value)}
        />
        {save.error ? <p className="field-error">{save.error.message}</p> : null}
      </td>
      <td data-label={t('gamesAdmin.enabled')}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={enabled}
          aria-label={t('gamesAdmin.switch.enabled', { name: vendor.vendorName })}
          checked={enabled}
          onChange={(e) => setEnabled(e.target.checked)}
        />
      </td>
      <td data-label={t('gamesAdmin.freeRoundWins')}>
        <input
          type="checkbox"
          role="switch"
          aria-checked={freeRoundWins}
          aria-label={t('gamesAdmin.switch.freeRoundWins', { name: vendor.vendorName })}
          checked={freeRoundWins}
          onChange={(e) => setFreeRoundWins(e.target.checked)}
        />
      </td>
      <td data-label={t('gamesAdmin.secret')}>{vendor.secretHint ?? t('gamesAdmin.noSecret')}</td>
      <td className="row-actions">
        <button type="button" className="button" disabled={save.isPending} onClick={() => submit(false)}>
          {t('gamesAdmin.save')}
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={save.isPending}
          onClick={() => {
            if (window.confirm(t('gamesAdmin.rotateConfirm', { name: vendor.vendorName }))) submit(true);
          }}
        >
          {t('gamesAdmin.rotate')}
        </button>
      </td>
    </tr>
  );
}

/** Each vendor's seamless-wallet credentials: launch address, switch, and a new secret shown once. */
export function CredentialsAdmin() {
  const { t } = useTranslation();
  const vendors = useCredentials();
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <section className="card stack" aria-labelledby="credentials-title">
      <h2 id="credentials-title">{t('gamesAdmin.credentials')}</h2>
      <p className="muted">{t('gamesAdmin.credentialsIntro')}</p>
      {secret ? (
        <Notice tone="warning">
          {t('gamesAdmin.newSecret')} <code data-testid="new-secret">{secret}</code>
        </Notice>
      ) : null}
      <QueryView query={vendors}>
        {(list) => (
          <DataTable
            caption={t('gamesAdmin.credentials')}
            columns={[
              t('gamesAdmin.vendor'),
              t('gamesAdmin.launchUrl'),
              t('gamesAdmin.enabled'),
              {
                label: t('gamesAdmin.freeRoundWins'),
                content: (
                  <abbr title={t('gamesAdmin.freeRoundWinsHelp')}>{t('gamesAdmin.freeRoundWins')}</abbr>
                ),
              },
              t('gamesAdmin.secret'),
              t('gamesAdmin.actions'),
            ]}
            rows={list}
            row={(vendor) => <CredentialsRow key={vendor.vendorCode} vendor={vendor} onSecret={setSecret} />}
          />
        )}
      </QueryView>
    </section>
  );
}
