import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  /** Server mode: the note says where the password goes instead of "never sent". */
  server?: boolean;
}

export function PasswordField({ value, onChange, onSubmit, inputRef, invalid = false, server = false }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 flex items-center gap-2 text-sm font-medium">
        <KeyRound aria-hidden className="size-4 text-muted-foreground" />
        {t('extractor.password.label')}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          type={visible ? 'text' : 'password'}
          value={value}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-note`}
          placeholder={t('extractor.password.placeholder')}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onSubmit();
          }}
          className="h-11 w-full rounded-md border border-input bg-background ps-3 pe-11 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid]:border-destructive"
        />
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? t('extractor.password.hide') : t('extractor.password.show')}
          aria-pressed={visible}
          className="absolute inset-y-0 end-0 flex w-11 items-center justify-center rounded-e-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
      </div>
      <p id={`${id}-note`} className="mt-1.5 text-xs text-muted-foreground">
        {t(server ? 'extractor.password.noteServer' : 'extractor.password.note')}
      </p>
    </div>
  );
}
