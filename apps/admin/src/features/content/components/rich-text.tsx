import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isScriptUrl, sanitizeRichText } from '../../../lib/sanitize.ts';

type Command = { key: string; label: string; run: () => void };

/**
 * A light rich-text editor: a contenteditable area with a small toolbar, an HTML source view and a preview. The
 * editable area only ever holds markup reduced to the allow-list (what comes from the source view is cleaned before
 * it is shown), the server sanitises again on save, and the preview is a sandboxed frame that runs no script.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const areaRef = useRef<HTMLDivElement>(null);
  const [mode, setMode] = useState<'visual' | 'source' | 'preview'>('visual');

  // The visual area is filled when it appears; afterwards it is the source of truth until it goes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on entering the visual mode
  useEffect(() => {
    if (mode === 'visual' && areaRef.current) areaRef.current.innerHTML = sanitizeRichText(value);
  }, [mode]);

  const exec = (command: string, argument?: string) => {
    areaRef.current?.focus();
    document.execCommand(command, false, argument);
    if (areaRef.current) onChange(areaRef.current.innerHTML);
  };
  const commands: Command[] = [
    { key: 'bold', label: t('editor.bold'), run: () => exec('bold') },
    { key: 'italic', label: t('editor.italic'), run: () => exec('italic') },
    { key: 'underline', label: t('editor.underline'), run: () => exec('underline') },
    { key: 'heading', label: t('editor.heading'), run: () => exec('formatBlock', 'h3') },
    { key: 'paragraph', label: t('editor.paragraph'), run: () => exec('formatBlock', 'p') },
    { key: 'bullets', label: t('editor.bullets'), run: () => exec('insertUnorderedList') },
    { key: 'numbers', label: t('editor.numbers'), run: () => exec('insertOrderedList') },
    {
      key: 'link',
      label: t('editor.link'),
      run: () => {
        const url = window.prompt(t('editor.linkPrompt'))?.trim();
        if (!url) return;
        if (isScriptUrl(url) || !/^(https?:\/\/|mailto:|\/(?![/\\]))/i.test(url)) {
          window.alert(t('editor.linkRefused'));
          return;
        }
        exec('createLink', url);
      },
    },
    { key: 'unlink', label: t('editor.unlink'), run: () => exec('unlink') },
    { key: 'clear', label: t('editor.clear'), run: () => exec('removeFormat') },
  ];

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className="editor">
        <div className="editor-toolbar" role="toolbar" aria-labelledby={`${id}-label`}>
          {mode === 'visual'
            ? commands.map((c) => (
                <button
                  key={c.key}
                  type="button"
                  className="button button-small"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={c.run}
                >
                  {c.label}
                </button>
              ))
            : null}
          <span className="lang-tabs" style={{ marginLeft: 'auto' }}>
            {(['visual', 'source', 'preview'] as const).map((m) => (
              <button
                key={m}
                type="button"
                className="button button-small lang-tab"
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
              >
                {t(`editor.modes.${m}`)}
              </button>
            ))}
          </span>
        </div>
        {mode === 'visual' ? (
          // biome-ignore lint/a11y/useSemanticElements: a rich-text area is a contenteditable textbox, not an input
          <div
            ref={areaRef}
            className="editor-area"
            contentEditable
            suppressContentEditableWarning
            role="textbox"
            aria-multiline="true"
            aria-labelledby={`${id}-label`}
            aria-invalid={error ? true : undefined}
            tabIndex={0}
            onInput={(event) => onChange(event.currentTarget.innerHTML)}
          />
        ) : null}
        {mode === 'source' ? (
          <textarea
            className="input input-mono editor-source"
            rows={10}
            aria-label={t('editor.sourceOf', { label })}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : null}
        {mode === 'preview' ? (
          <RichTextPreview html={value} title={t('editor.previewOf', { label })} />
        ) : null}
      </div>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/** Rich text shown as the site would: cleaned, in a sandboxed frame (no script, no same-origin access). */
export function RichTextPreview({ html, title }: { html: string; title: string }) {
  const policy = `default-src 'none'; img-src ${window.location.origin}; style-src 'unsafe-inline'`;
  const document = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}"><style>body{font:15px/1.5 system-ui,sans-serif;color:#17202a;margin:12px}img{max-width:100%}</style></head><body>${sanitizeRichText(html)}</body></html>`;
  return <iframe className="preview-frame" title={title} sandbox="" srcDoc={document} />;
}
