import type { RegistrationRule } from '@tala/contracts/registration-rules';
import { patternIds, patternKinds, type RuleField } from '@tala/contracts/rule-check';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';

/** Fields that are always shown and required. */
const fixedFields: readonly RuleField[] = ['username', 'password'];

const rulesKey = (code: string) => ['admin', 'merchants', code, 'registration-rules'] as const;
const rulesPath = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}/registration-rules`;

/** A number input's value, NaN kept as typed (sent as null) so the server names the field. */
const integer = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The registration rules of a merchant: per field shown, required, pattern kind and length range. */
export function RulesEditor({ merchantCode, canEdit }: { merchantCode: string; canEdit: boolean }) {
  const query = useQuery({
    queryKey: rulesKey(merchantCode),
    queryFn: ({ signal }) => api<RegistrationRule[]>(rulesPath(merchantCode), { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <RulesForm key={merchantCode} merchantCode={merchantCode} loaded={query.data} canEdit={canEdit} />;
}

function RulesForm({
  merchantCode,
  loaded,
  canEdit,
}: {
  merchantCode: string;
  loaded: RegistrationRule[];
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(loaded);
  const save = useMutation({
    mutationFn: (rules: RegistrationRule[]) =>
      api<RegistrationRule[]>(rulesPath(merchantCode), { method: 'PUT', body: rules }),
    onSuccess: (saved) => {
      queryClient.setQueryData(rulesKey(merchantCode), saved);
      setBase(saved);
      setDraft(saved);
    },
  });
  const dirty = JSON.stringify(draft) !== JSON.stringify(base);
  const error = save.error instanceof ApiError ? save.error : null;
  // The server names a rule by its index in the array: `3.minLength`.
  const errorAt = (index: number, key: string) =>
    error?.field === `${index}.${key}`
      ? error.errorCode === 'validation_failed'
        ? t('errors.fieldInvalid')
        : error.message
      : undefined;
  const change = (index: number, patch: Partial<RegistrationRule>) => {
    save.reset();
    setDraft((rules) => rules.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (canEdit && dirty) save.mutate(draft);
  }

  return (
    <form className="stack" onSubmit={submit} noValidate>
      {canEdit ? null : <Notice tone="info">{t('rules.readOnly')}</Notice>}
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      {save.isSuccess && !dirty ? <Notice tone="success">{t('rules.saved')}</Notice> : null}
      <fieldset className="plain" disabled={!canEdit || save.isPending}>
        <div className="table-wrap">
          <table className="table rules-table">
            <caption className="visually-hidden">{t('rules.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('rules.field')}</th>
                <th scope="col">{t('rules.show')}</th>
                <th scope="col">{t('rules.required')}</th>
                <th scope="col">{t('rules.pattern')}</th>
                <th scope="col">{t('rules.minLength')}</th>
                <th scope="col">{t('rules.maxLength')}</th>
                <th scope="col">{t('rules.acceptedPattern')}</th>
              </tr>
            </thead>
            <tbody>
              {draft.map((rule, index) => {
                const fixed = fixedFields.includes(rule.field);
                const name = t(`rules.fields.${rule.field}`);
                const invalid = (key: string) => errorAt(index, key);
                const rowError =
                  invalid('minLength') ?? invalid('maxLength') ?? invalid('required') ?? invalid('patternId');
                return (
                  <tr key={rule.field} className={rowError ? 'row-invalid' : undefined}>
                    <th scope="row" data-label={t('rules.field')}>
                      {name} <code className="muted">{rule.field}</code>
                      {rowError ? <p className="field-error">{rowError}</p> : null}
                    </th>
                    <td data-label={t('rules.show')}>
                      <input
                        type="checkbox"
                        className="check-input"
                        aria-label={t('rules.showField', { name })}
                        checked={rule.show}
                        disabled={fixed}
                        onChange={(event) =>
                          change(index, {
                            show: event.target.checked,
                            required: event.target.checked ? rule.required : false,
                          })
                        }
                      />
                    </td>
                    <td data-label={t('rules.required')}>
                      <input
                        type="checkbox"
                        className="check-input"
                        aria-label={t('rules.requireField', { name })}
                        checked={rule.required}
                        disabled={fixed || !rule.show}
                        onChange={(event) => change(index, { required: event.target.checked })}
                      />
                    </td>
                    <td data-label={t('rules.pattern')}>
                      <select
                        className="input input-compact"
                        aria-label={t('rules.patternOf', { name })}
                        aria-invalid={invalid('patternId') ? true : undefined}
                        value={rule.patternId}
                        onChange={(event) => {
                          const patternId = event.target.value as RegistrationRule['patternId'];
                          change(index, { patternId, acceptedPattern: patternKinds[patternId] });
                        }}
                      >
                        {patternIds.map((id) => (
                          <option key={id} value={id}>
                            {t(`rules.kinds.${id}`)}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td data-label={t('rules.minLength')}>
                      <input
                        className="input input-compact input-number"
                        type="number"
                        min={0}
                        max={255}
                        aria-label={t('rules.minOf', { name })}
                        aria-invalid={invalid('minLength') ? true : undefined}
                        value={Number.isNaN(rule.minLength) ? '' : rule.minLength}
                        onChange={(event) => change(index, { minLength: integer(event.target.value) })}
                      />
                    </td>
                    <td data-label={t('rules.maxLength')}>
                      <input
                        className="input input-compact input-number"
                        type="number"
                        min={1}
                        max={255}
                        aria-label={t('rules.maxOf', { name })}
                        aria-invalid={invalid('maxLength') ? true : undefined}
                        value={Number.isNaN(rule.maxLength) ? '' : rule.maxLength}
                        onChange={(event) => change(index, { maxLength: integer(event.target.value) })}
                      />
                    </td>
                    <td data-label={t('rules.acceptedPattern')}>
                      <code className="pattern">{rule.acceptedPattern}</code>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </fieldset>
      {canEdit ? (
        <div className={`save-bar${dirty ? ' save-bar-dirty' : ''}`}>
          <span className={`save-state${dirty ? ' save-state-dirty' : ''}`} role="status">
            {dirty ? t('settings.unsaved') : t('settings.allSaved')}
          </span>
          <div className="save-actions">
            <button
              type="button"
              className="button"
              disabled={!dirty || save.isPending}
              onClick={() => {
                save.reset();
                setDraft(base);
              }}
            >
              {t('settings.discard')}
            </button>
            <button type="submit" className="button button-primary" disabled={!dirty || save.isPending}>
              {save.isPending ? t('settings.saving') : t('rules.save')}
            </button>
          </div>
        </div>
      ) : null}
    </form>
  );
}
