import { useId, type ReactNode } from 'react';

/** What a field's control needs to be labelled and described: spread on the input or textarea. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

interface ContactFieldProps {
  label: string;
  /** The field's problem in words, shown under it; the control is then marked invalid. */
  problem?: string;
  /** A line under the control that describes it (the message's character counter). */
  note?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

const controlClass =
  'w-full rounded-md border border-input bg-background px-3 text-base text-foreground focus-visible:outline-2 focus-visible:outline-ring aria-[invalid]:border-destructive';

/** A labelled form field whose problem and note are read with it (aria-describedby). */
export function ContactField({ label, problem, note, children }: ContactFieldProps) {
  const id = useId();
  const problemId = `${id}-problem`;
  const noteId = `${id}-note`;
  const describedBy = [problem ? problemId : null, note ? noteId : null].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-foreground">
        {label}
      </label>
      {children({
        id,
        'aria-invalid': problem ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: controlClass,
      })}
      {(problem || note) && (
        <div className="mt-1.5 flex items-start justify-between gap-3 text-sm">
          {problem ? (
            <p id={problemId} className="text-destructive">
              {problem}
            </p>
          ) : (
            <span />
          )}
          {note && (
            <p id={noteId} className="shrink-0 text-muted-foreground tabular-nums">
              {note}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
