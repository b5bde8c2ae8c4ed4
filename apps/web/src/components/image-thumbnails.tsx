import './image-thumbnails.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/** The images a member chose for an upload (feedback, promotion applications), each with its remove button. */
export function ImageThumbnails({ files, onRemove }: { files: File[]; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  if (files.length === 0) return null;
  return (
    <ul className="image-thumbs">
      {files.map((file, index) => (
        <li key={`${file.name}-${file.size}-${file.lastModified}`} className="image-thumbs__item">
          {urls[index] ? <img src={urls[index]} alt={file.name} /> : null}
          <button
            type="button"
            className="image-thumbs__remove"
            aria-label={t('feedback.removeImage', { name: file.name })}
            onClick={() => onRemove(index)}
          >
            <Icon name="close" size={14} />
          </button>
        </li>
      ))}
    </ul>
  );
}
