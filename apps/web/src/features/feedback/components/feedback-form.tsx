import '../../../components/content-form.css';
import './feedback.css';
import { countWords } from '@tala/contracts/support';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageThumbnails } from '../../../components/image-thumbnails.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { imageProblem } from '../../../lib/check-images.ts';
import {
  feedbackSettingsQuery,
  type MemberFeedback,
  myFeedbackQuery,
  type QuestionType,
  submitFeedback,
} from '../api/feedback-api.ts';

function MyFeedback({ token }: { token: string }) {
  const { t } = useTranslation();
  const mine = useQuery(myFeedbackQuery(token));
  const list: MemberFeedback[] = mine.data?.list ?? [];
  if (list.length === 0) return null;
  return (
    <section className="feedback__history" aria-labelledby="feedback-history">
      <h3 id="feedback-history" className="feedback__subheading">
        {t('feedback.history')}
      </h3>
      <ul>
        {list.map((item) => (
          <li key={item.id} className="feedback__entry" data-feedback-id={item.id}>
            <div className="feedback__entry-head">
              <span className="feedback__type">{t(`feedback.types.${item.questionType}`)}</span>
              <span className={`feedback__status feedback__status--${item.status}`}>
                {t(`feedback.status.${item.status}`)}
              </span>
            </div>
            <p className="feedback__entry-text">{item.content}</p>
            {item.answer ? (
              <p className="feedback__answer">
                <strong>{t('feedback.answer')}</strong> {item.answer}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The feedback form (§3, §5): a question type, the content within the merchant's word bounds, and up to 3 png or
 * jpg images of at most 5 MB. The answer reaches the member as a platform message. Guests are asked to log in.
 */
export function FeedbackForm({ token, onLogin }: { token: string | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const settings = useQuery(feedbackSettingsQuery());
  const [questionType, setQuestionType] = useState<QuestionType | ''>('');
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'type' | 'content' | 'images', string>>>({});
  const [sent, setSent] = useState(false);
  const send = useMutation({
    mutationFn: () => submitFeedback({ questionType: questionType as QuestionType, content }, files),
    onSuccess: () => {
      setSent(true);
      setContent('');
      setFiles([]);
      setQuestionType('');
      void queryClient.invalidateQueries({ queryKey: myFeedbackQuery(token ?? '').queryKey });
    },
  });

  if (!token)
    return (
      <div className="feedback feedback--guest">
        <p>{t('feedback.loginFirst')}</p>
        <button type="button" className="btn btn-primary" onClick={onLogin}>
          {t('common.login')}
        </button>
      </div>
    );
  const rules = settings.data;
  if (!rules)
    return settings.isError ? (
      <p className="cform__alert" role="alert">
        {settings.error.message}
      </p>
    ) : (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );

  const words = countWords(content);
  const imageMessage = (problem: ReturnType<typeof imageProblem>) =>
    problem === 'count'
      ? t('feedback.errors.tooManyImages', { max: rules.maxImages })
      : problem === 'type'
        ? t('feedback.errors.imageType')
        : problem === 'size'
          ? t('feedback.errors.imageSize', { mb: Math.round(rules.maxImageBytes / 1024 / 1024) })
          : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    const next: typeof errors = {};
    if (!questionType) next.type = t('feedback.errors.type');
    if (words < rules.minWords || words > rules.maxWords)
      next.content = t('feedback.errors.words', { min: rules.minWords, max: rules.maxWords });
    const images = imageMessage(imageProblem(files, rules));
    if (images) next.images = images;
    setErrors(next);
    if (Object.keys(next).length === 0) send.mutate();
  };

  const serverError =
    send.error instanceof ApiError ? send.error.message : send.error ? String(send.error) : null;

  return (
    <div className="feedback">
      <form className="cform" onSubmit={submit} noValidate aria-label={t('feedback.title')}>
        <p className="cform__hint">{t('feedback.intro')}</p>
        <div className={`cform__field${errors.type ? ' cform__field--invalid' : ''}`}>
          <label className="cform__label" htmlFor={`${id}-type`}>
            {t('feedback.questionType')}
          </label>
          <select
            id={`${id}-type`}
            className="cform__input"
            value={questionType}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={errors.type ? `${id}-type-error` : undefined}
            onChange={(event) => setQuestionType(event.target.value as QuestionType)}
          >
            <option value="">{t('feedback.chooseType')}</option>
            {rules.questionTypes.map((type) => (
              <option key={type} value={type}>
                {t(`feedback.types.${type}`)}
              </option>
            ))}
          </select>
          {errors.type ? (
            <span id={`${id}-type-error`} className="cform__error">
              {errors.type}
            </span>
          ) : null}
        </div>
        <div className={`cform__field${errors.content ? ' cform__field--invalid' : ''}`}>
          <label className="cform__label" htmlFor={`${id}-content`}>
            {t('feedback.content')}
          </label>
          <textarea
            id={`${id}-content`}
            className="cform__input"
            value={content}
            maxLength={10_000}
            aria-invalid={errors.content ? true : undefined}
            aria-describedby={`${id}-words${errors.content ? ` ${id}-content-error` : ''}`}
            onChange={(event) => setContent(event.target.value)}
          />
          <span id={`${id}-words`} className="cform__hint">
            {t('feedback.wordCount', { count: words, min: rules.minWords, max: rules.maxWords })}
          </span>
          {errors.content ? (
            <span id={`${id}-content-error`} className="cform__error">
              {errors.content}
            </span>
          ) : null}
        </div>
        <div className={`cform__field${errors.images ? ' cform__field--invalid' : ''}`}>
          <label className="cform__label" htmlFor={`${id}-images`}>
            {t('feedback.images')}
          </label>
          <input
            id={`${id}-images`}
            className="cform__input feedback__file"
            type="file"
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            multiple
            aria-describedby={`${id}-images-hint${errors.images ? ` ${id}-images-error` : ''}`}
            onChange={(event) => {
              const chosen = [...files, ...Array.from(event.target.files ?? [])];
              event.target.value = '';
              setFiles(chosen);
              setErrors((e) => ({ ...e, images: imageMessage(imageProblem(chosen, rules)) }));
            }}
          />
          <span id={`${id}-images-hint`} className="cform__hint">
            {t('feedback.imagesHint', {
              max: rules.maxImages,
              mb: Math.round(rules.maxImageBytes / 1024 / 1024),
            })}
          </span>
          {errors.images ? (
            <span id={`${id}-images-error`} className="cform__error">
              {errors.images}
            </span>
          ) : null}
          <ImageThumbnails
            files={files}
            onRemove={(index) => {
              const left = files.filter((_, i) => i !== index);
              setFiles(left);
              setErrors((e) => ({ ...e, images: imageMessage(imageProblem(left, rules)) }));
            }}
          />
        </div>
        {serverError ? (
          <p className="cform__alert" role="alert">
            {serverError}
          </p>
        ) : null}
        {sent ? (
          <p className="cform__success" role="status">
            {t('feedback.sent')}
          </p>
        ) : null}
        <div className="cform__actions">
          <button type="submit" className="btn btn-primary" disabled={send.isPending}>
            {send.isPending ? t('feedback.sending') : t('feedback.submit')}
          </button>
        </div>
      </form>
      <MyFeedback token={token} />
    </div>
  );
}
