import { LoaderCircle, LockKeyhole, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { Button } from '../../components/ui/Button';
import { ApiRequestError } from '../../lib/api-request-error';
import { useLogin } from './use-admin-session';

/**
 * The lockout's length when the server gives no Retry-After
 * (docs/decisions/005-admin-on-the-server.md: 15 minutes).
 */
const DEFAULT_LOCK_SECONDS = 15 * 60;

function lockedMinutes(error: ApiRequestError): number {
  return Math.max(1, Math.ceil((error.retryAfterSeconds ?? DEFAULT_LOCK_SECONDS) / 60));
}

/** The failed login's toast text, by the refusal's code: only "not reached" says the server was not reached. */
function failureTextKey(error: unknown): 'login.failedText' | 'login.busyText' | 'login.errorText' | 'login.unavailableText' {
  if (!(error instanceof ApiRequestError)) return 'login.unavailableText';
  if (error.failure === 'unreached') return 'login.errorText';
  if (error.code === 'LOGIN_FAILED') return 'login.failedText';
  if (error.code === 'LOGIN_BUSY') return 'login.busyText';
  return 'login.unavailableText';
}

/** The password form (docs/product.md#admin-page: a password field and a Login button; Enter submits). */
export function LoginForm() {
  const { t } = useTranslation('admin');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [locked, setLocked] = useState<number | null>(null);
  const login = useLogin();

  // The page exists for this one field.
  useEffect(() => inputRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password || login.isPending) return;
    setLocked(null);
    login.mutate(password, {
      onSuccess: () => notify.success(t('login.successTitle'), { description: t('login.successText') }),
      onError: (error) => {
        setPassword('');
        if (error instanceof ApiRequestError && error.code === 'LOGIN_LOCKED') setLocked(lockedMinutes(error));
        else notify.error(t('login.failedTitle'), { description: t(failureTextKey(error)) });
        inputRef.current?.focus();
      },
    });
  };

  const alertId = `${id}-locked`;
  return (
    <div className="mx-auto max-w-sm py-12 sm:py-20">
      <form
        onSubmit={submit}
        aria-labelledby={`${id}-title`}
        className="space-y-5 rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm"
      >
        <div className="space-y-2">
          <LockKeyhole aria-hidden className="size-8 text-primary" />
          <h1 id={`${id}-title`} className="text-2xl font-bold tracking-tight">
            {t('login.title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('login.intro')}</p>
        </div>
        <div>
          <label htmlFor={`${id}-password`} className="mb-1.5 block text-sm font-medium">
            {t('login.password')}
          </label>
          <input
            id={`${id}-password`}
            ref={inputRef}
            type="password"
            name="password"
            required
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={locked === null ? undefined : alertId}
            className="h-11 w-full rounded-md border border-input bg-background px-3 text-base focus-visible:outline-2 focus-visible:outline-ring"
          />
        </div>
        {locked !== null && (
          <div
            id={alertId}
            role="alert"
            className="flex gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
          >
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <p>
              <strong className="block font-semibold">{t('login.lockedTitle')}</strong>
              {t('login.lockedText', { count: locked })}
            </p>
          </div>
        )}
        <Button type="submit" className="w-full" disabled={login.isPending} aria-busy={login.isPending}>
          {login.isPending && <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
          {login.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
