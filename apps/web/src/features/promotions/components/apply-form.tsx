import {
  APPLICATION_IMAGE_BYTES,
  APPLICATION_IMAGES_MAX,
  APPLICATION_REMARK_MAX,
} from '@tala/contracts/promotions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageThumbnails } from '../../../components/image-thumbnails.tsx';
import { imageProblem } from '../../../lib/check-images.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { type Promotion, promotionsApi } from '../api/promotions-api.ts';

const imageRules = {
  maxImages: APPLICATION_IMAGES_MAX,
  maxImageBytes: APPLICATION_IMAGE_BYTES,
  imageTypes: ['image/png', 'image/jpeg'],
};

/** §3 activity application: a remark (§5: at most 140 characters) and up to 3 png or jpg images of 5 MB. */
export function ApplyForm({ promotion, onCancel }: { promotion: Promotion; onCancel: () => void }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions.apply' });
  const { t: tRoot } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [remark, setRemark] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => promotionsApi.apply(promotion.id, remark, files),
    onSuccess: () => client.invalidateQueries({ queryKey: [memberQueryRoot] }),
  });
  const imageMessage = (chosen: File[]) => {
    const found = imageProblem(chosen, imageRules);
    if (found === 'count') return tRoot('feedback.errors.tooManyImages', { max: APPLICATION_IMAGES_MAX });
    if (found === 'type') return tRoot('feedback.errors.imageType');
    if (found === 'size') return tRoot('feedback.errors.imageSize', { mb: 5 });
    return null;
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const images = imageMessage(files);
    if (!remark.trim()) setProblem(t('remarkRequired'));
    else if (images) setProblem(images);
    else {
      setProblem(null);
      send.mutate();
    }
  };
  if (send.isSuccess) {
    return (
      <p className="form-message form-message--success" role="status">
        {t('sent')}
      </p>
    );
  }
  const error = problem ?? (send.error ? send.error.message : null);
  return (
    <form className="promo-apply" onSubmit={submit} aria-label={t('title')}>
      <label className="cform__label" htmlFor={`${id}-remark`}>
        {t('remark')}
      </label>
      <textarea
        id={`${id}-remark`}
        className="cform__input"
        rows={3}
        maxLength={APPLICATION_REMARK_MAX}
        value={remark}
        onChange={(e) => setRemark(e.target.value)}
        aria-describedby={`${id}-count`}
        required
      />
      <span id={`${id}-count`} className="cform__hint">
        {t('count', { count: [...remark].length, max: APPLICATION_REMARK_MAX })}
      </span>
      <label className="cform__label" htmlFor={`${id}-images`}>
        {t('images')}
      </label>
      <input
        id={`${id}-images`}
        className="cform__input"
        type="file"
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        multiple
        aria-describedby={`${id}-images-hint`}
        onChange={(event) => {
          const chosen = [...files, ...Array.from(event.target.files ?? [])];
          setFiles(chosen);
          setProblem(imageMessage(chosen));
          event.target.value = '';
        }}
      />
      <span id={`${id}-images-hint`} className="cform__hint">
        {tRoot('feedback.imagesHint', { max: APPLICATION_IMAGES_MAX, mb: 5 })}
      </span>
      <ImageThumbnails
        files={files}
        onRemove={(index) => {
          const left = files.filter((_, i) => i !== index);
          setFiles(left);
          setProblem(imageMessage(left));
        }}
      />
      {error ? (
        <p className="form-message form-message--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="promo-card__actions">
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {send.isPending ? t('sending') : t('send')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
