import { gameTypes } from '@tala/contracts/games';
import {
  MISSION_TASKS_MAX,
  type MissionTask,
  missionPeriods,
  missionTaskKinds,
  moneyTaskKinds,
} from '@tala/contracts/missions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { amountFromInput } from '../../../lib/money.ts';
import { type AdminMission, type MissionBody, useSaveMission } from '../api/missions.ts';

const editedLanguages = ['EN', 'TY'] as const;
type Language = (typeof editedLanguages)[number];
/** A task as edited: money targets are typed in major units. */
type TaskDraft = { kind: MissionTask['kind']; product: MissionTask['product']; target: string };

/** A date-time input's value (local time) for an instant, and back. */
const toLocal = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocal = (local: string) => (local ? new Date(local).toISOString() : '');
const major = (minor: number) => (minor / 100).toFixed(2);
const isMoney = (kind: MissionTask['kind']) => moneyTaskKinds.includes(kind);

function blank(): MissionBody {
  const start = new Date();
  start.setMinutes(0, 0, 0);
  return {
    period: 'day',
    enabled: true,
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + 30 * 86_400_000).toISOString(),
    reward: 1_000,
    points: 10,
    tasks: [{ kind: 'login', product: null, target: 1 }],
    texts: { EN: { name: '', description: '' } },
  };
}

/** The mission builder: period and dates, tasks (kind, product, target), reward and points, texts per language. */
export function MissionEditor({
  merchantCode,
  mission,
  onDone,
}: {
  merchantCode: string;
  mission: AdminMission | null;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const initial: MissionBody = mission ?? blank();
  const [draft, setDraft] = useState<MissionBody>(initial);
  const [reward, setReward] = useState(major(initial.reward));
  const [tasks, setTasks] = useState<TaskDraft[]>(() =>
    initial.tasks.map((task) => ({
      kind: task.kind,
      product: task.product,
      target: isMoney(task.kind) ? major(task.target) : String(task.target),
    })),
  );
  const [language, setLanguage] = useState<Language>('EN');
  const save = useSaveMission(merchantCode);
  const text = draft.texts[language] ?? { name: '', description: '' };
  const setText = (change: Partial<typeof text>) =>
    setDraft({ ...draft, texts: { ...draft.texts, [language]: { ...text, ...change } } });
  const fieldError = (name: string) =>
    save.error instanceof ApiError && save.error.field?.startsWith(name) ? save.error.message : undefined;
  const setTask = (index: number, change: Partial<TaskDraft>) =>
    setTasks(tasks.map((task, i) => (i === index ? { ...task, ...change } : task)));

  function submit(event: FormEvent) {
    event.preventDefault();
    const { TY: ty, ...others } = draft.texts;
    const body: MissionBody = {
      ...draft,
      reward: amountFromInput(reward) as number,
      tasks: tasks.map((task) => ({
        kind: task.kind,
        product: task.kind === 'betAmount' ? task.product : null,
        target: isMoney(task.kind) ? (amountFromInput(task.target) as number) : Number(task.target),
      })),
      // A Tagalog text left empty falls back to English on the site rather than showing blanks.
      texts: ty && !ty.name.trim() ? others : draft.texts,
    };
    save.mutate({ id: mission?.id ?? null, body }, { onSuccess: () => onDone(true) });
  }

  return (
    <form className="stack" onSubmit={submit} aria-label={t('missions.editor.title')}>
      {save.isError ? <Notice tone="error">{save.error.message}</Notice> : null}
      <fieldset className="card section">
        <legend>{t('missions.editor.basics')}</legend>
        <div className="filters">
          <Field
            label={t('missions.editor.period')}
            help={mission ? t('missions.editor.periodFixed') : undefined}
          >
            <select
              className="input"
              value={draft.period}
              disabled={mission !== null}
              onChange={(e) => setDraft({ ...draft, period: e.target.value as MissionBody['period'] })}
            >
              {missionPeriods.map((p) => (
                <option key={p} value={p}>
                  {t(`missions.periods.${p}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field label={t('missions.editor.startsAt')}>
            <input
              className="input"
              type="datetime-local"
              value={toLocal(draft.startsAt)}
              onChange={(e) => setDraft({ ...draft, startsAt: fromLocal(e.target.value) })}
              required
            />
          </Field>
          <Field label={t('missions.editor.endsAt')} error={fieldError('endsAt')}>
            <input
              className="input"
              type="datetime-local"
              value={toLocal(draft.endsAt)}
              onChange={(e) => setDraft({ ...draft, endsAt: fromLocal(e.target.value) })}
              required
            />
          </Field>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })}
            />{' '}
            {t('missions.editor.enabled')}
          </label>
        </div>
        <div className="filters">
          <Field
            label={t('missions.editor.reward')}
            help={t('missions.editor.rewardHelp')}
            error={fieldError('reward')}
          >
            <input
              className="input"
              inputMode="decimal"
              value={reward}
              onChange={(e) => setReward(e.target.value)}
              required
            />
          </Field>
          <Field label={t('missions.editor.points')} error={fieldError('points')}>
            <input
              className="input"
              type="number"
              min={0}
              max={1_000_000}
              value={draft.points}
              onChange={(e) => setDraft({ ...draft, points: Number(e.target.value) })}
              required
            />
          </Field>
        </div>
      </fieldset>

      <fieldset className="card section">
        <legend>{t('missions.editor.tasks')}</legend>
        {tasks.map((task, index) => (
          <fieldset
            // biome-ignore lint/suspicious/noArrayIndexKey: tasks have no id; a row is its place in the list
            key={index}
            className="filters"
            aria-label={t('missions.editor.taskN', { n: index + 1 })}
          >
            <Field label={t('missions.editor.kind')}>
              <select
                className="input"
                value={task.kind}
                onChange={(e) => setTask(index, { kind: e.target.value as TaskDraft['kind'] })}
              >
                {missionTaskKinds.map((k) => (
                  <option key={k} value={k}>
                    {t(`missions.kinds.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            {task.kind === 'betAmount' ? (
              <Field label={t('missions.editor.product')}>
                <select
                  className="input"
                  value={task.product ?? ''}
                  onChange={(e) =>
                    setTask(index, { product: (e.target.value || null) as TaskDraft['product'] })
                  }
                >
                  <option value="">{t('missions.anyProduct')}</option>
                  {gameTypes.map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
            <Field
              label={
                isMoney(task.kind) ? t('missions.editor.targetAmount') : t('missions.editor.targetCount')
              }
              error={fieldError(`tasks.${index}`)}
            >
              <input
                className="input"
                inputMode={isMoney(task.kind) ? 'decimal' : 'numeric'}
                value={task.target}
                onChange={(e) => setTask(index, { target: e.target.value })}
                required
              />
            </Field>
            {tasks.length > 1 ? (
              <button
                type="button"
                className="button button-small"
                onClick={() => setTasks(tasks.filter((_, i) => i !== index))}
              >
                {t('missions.editor.removeTask')}
              </button>
            ) : null}
          </fieldset>
        ))}
        {tasks.length < MISSION_TASKS_MAX ? (
          <div>
            <button
              type="button"
              className="button button-small"
              onClick={() => setTasks([...tasks, { kind: 'gamesPlayed', product: null, target: '1' }])}
            >
              {t('missions.editor.addTask')}
            </button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="card section">
        <legend>{t('missions.editor.texts')}</legend>
        <fieldset className="group">
          <legend className="field-label">{t('missions.editor.language')}</legend>
          <div className="lang-tabs">
            {editedLanguages.map((l) => (
              <button
                key={l}
                type="button"
                className="button button-small lang-tab"
                aria-pressed={language === l}
                onClick={() => setLanguage(l)}
              >
                {l}
              </button>
            ))}
          </div>
        </fieldset>
        <Field label={t('missions.editor.name')} error={fieldError('texts')}>
          <input
            className="input"
            value={text.name}
            maxLength={80}
            required={language === 'EN'}
            onChange={(e) => setText({ name: e.target.value })}
          />
        </Field>
        <Field label={t('missions.editor.description')}>
          <textarea
            className="input"
            rows={3}
            value={text.description}
            maxLength={300}
            onChange={(e) => setText({ description: e.target.value })}
          />
        </Field>
      </fieldset>

      <div className="filters">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {mission ? t('missions.editor.save') : t('missions.editor.create')}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          {t('missions.editor.cancel')}
        </button>
      </div>
    </form>
  );
}
