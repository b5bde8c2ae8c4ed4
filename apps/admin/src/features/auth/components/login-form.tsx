import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useLogin } from '../api/login.ts';

/** Username and password sign-in; the server's localised message is shown when it refuses. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    setMissing(false);
    login.mutate({ username: username.trim(), password }, { onSuccess: onSignedIn });
  }

  const error = missing ? t('login.required') : login.error?.message;
  return (
    <form className="stack" onSubmit={submit} noValidate>
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Field label={t('login.username')}>
        <input
          className="input"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoFocus
        />
      </Field>
      <Field label={t('login.password')}>
        <input
          className="input"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Field>
      <button type="submit" className="button button-primary button-wide" disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
