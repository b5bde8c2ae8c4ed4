import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSettings, type VersionedSettings } from '../api/get-settings.ts';
import { useSaveSettings } from '../api/save-settings.ts';
import { fieldMatches } from '../utils/field-error.ts';
import { AccessSection } from './access-section.tsx';
import { BrandSection } from './brand-section.tsx';
import { LanguagesSection } from './languages-section.tsx';
import { LimitsSection } from './limits-section.tsx';
import { MaintenanceSection } from './maintenance-section.tsx';
import { MembersSection } from './members-section.tsx';
import { ModulesSection } from './modules-section.tsx';
import { RegionSection } from './region-section.tsx';
import { SaferGamblingSection } from './safer-gambling-section.tsx';

/** Loads a merchant's settings document and edits it; keyed by merchant so a switch starts afresh. */
export function SettingsEditor({ merchantCode, canEdit }: { merchantCode: string; canEdit: boolean }) {
  const query = useSettings(merchantCode);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <SettingsForm
      merchantCode={merchantCode}
      loaded={query.data}
      canEdit={canEdit}
      reload={async () => (await query.refetch()).data}
    />
  );
}

const serialise = (settings: MerchantSettings) => JSON.stringify(settings);

function SettingsForm({
  merchantCode,
  loaded,
  canEdit,
  reload,
}: {
  merchantCode: string;
  loaded: VersionedSettings;
  canEdit: boolean;
  reload: () => Promise<VersionedSettings | undefined>;
}) {
  const { t } = useTranslation();
  const save = useSaveSettings(merchantCode);
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(loaded.settings);
  const [justSaved, setJustSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = serialise(draft) !== serialise(base.settings);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      canEdit && dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t('settings.leaveUnsaved'))) blocker.proceed();
    else blocker.reset();
  }, [blocker, t]);
  useEffect(() => {
    if (!(canEdit && dirty)) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [canEdit, dirty]);

  const error =
    save.error instanceof ApiError
      ? save.error
      : save.error
        ? new ApiError(0, 'unknown', save.error.message)
        : null;
  // After a refused save, take the operator to the first field the server named.
  useEffect(() => {
    if (!error?.field) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.focus();
    invalid?.scrollIntoView?.({ block: 'center' });
  }, [error]);

  const errorFor = (path: string) => {
    if (!error || !fieldMatches(error.field, path)) return undefined;
    return error.errorCode === 'validation_failed' ? t('errors.fieldInvalid') : error.message;
  };
  const update = (change: (d: MerchantSettings) => MerchantSettings) => {
    setJustSaved(false);
    setDraft((d) => change(d));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!canEdit || !dirty) return;
    save.mutate(
      { settings: draft, version: base.version },
      {
        onSuccess: (saved) => {
          setBase(saved);
          setDraft(saved.settings);
          setJustSaved(true);
        },
      },
    );
  }

  function discard() {
    save.reset();
    setDraft(base.settings);
  }

  async function loadNewest() {
    const newest = await reload();
    if (!newest) return;
    save.reset();
    setBase(newest);
    setDraft(newest.settings);
  }

  const sections = { draft, update, errorFor };
  return (
    <form ref={formRef} className="settings-form" onSubmit={submit} noValidate>
      {canEdit ? null : <Notice tone="info">{t('settings.readOnly')}</Notice>}
      {error ? (
        <Notice
          tone="error"
          action={
            error.errorCode === 'conflict' ? (
              <button type="button" className="button" onClick={() => void loadNewest()}>
                {t('settings.reload')}
              </button>
            ) : null
          }
        >
          {t('settings.notSaved', { message: error.message })}
        </Notice>
      ) : null}
      {justSaved ? <Notice tone="success">{t('settings.saved')}</Notice> : null}

      <fieldset className="plain" disabled={!canEdit || save.isPending}>
        <MaintenanceSection {...sections} />
        <RegionSection {...sections} />
        <LanguagesSection {...sections} />
        <ModulesSection {...sections} />
        <AccessSection {...sections} />
        <MembersSection {...sections} />
        <SaferGamblingSection {...sections} />
        <LimitsSection {...sections} />
        <BrandSection {...sections} />
      </fieldset>

      {canEdit ? (
        <div className={`save-bar${dirty ? ' save-bar-dirty' : ''}`}>
          <span className={`save-state${dirty ? ' save-state-dirty' : ''}`} role="status">
            {dirty ? t('settings.unsaved') : t('settings.allSaved')}
          </span>
          <div className="save-actions">
            <button type="button" className="button" disabled={!dirty || save.isPending} onClick={discard}>
              {t('settings.discard')}
            </button>
            <button type="submit" className="button button-primary" disabled={!dirty || save.isPending}>
              {save.isPending ? t('settings.saving') : t('settings.save')}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
