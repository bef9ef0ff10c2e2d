import { FileArchive, Upload } from 'lucide-react';
import { useDropzone } from 'react-dropzone';
import { useHydrated } from '../../lib/use-hydrated';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn';

interface DropZoneProps {
  onFiles: (files: File[]) => void;
  /** The visitor is about to choose: pointing at the zone, focusing it, or dragging over it. */
  onIntent?: () => void;
  disabled?: boolean;
}

/**
 * Click, drag and drop (files or whole folders, read recursively by react-dropzone), or the
 * keyboard: the zone's one button is a real <button>, so Tab reaches it and Enter/Space open the
 * file chooser. No `accept` filter: archives are recognised by their content, not their name.
 */
export function DropZone({ onFiles, onIntent, disabled = false }: DropZoneProps) {
  // The button stays as it looks (a click before hydration is replayed by React); only the hidden
  // input waits, as files set on it before then would be lost.
  const hydrated = useHydrated();
  const { t } = useTranslation();
  const { getRootProps, getInputProps, isDragActive, isDragReject } = useDropzone({
    onDrop: (accepted) => onFiles(accepted),
    onDragEnter: onIntent,
    multiple: true,
    disabled,
    noKeyboard: true,
    // The File System Access picker cannot choose several parts in every browser; the input can.
    useFsAccessApi: false,
  });

  return (
    <div
      {...getRootProps({
        onPointerEnter: onIntent,
        onFocus: onIntent,
        className: cn(
          'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors',
          isDragActive ? 'border-primary bg-accent/60' : 'border-border bg-muted/40 hover:border-primary/60',
          isDragReject && 'border-destructive',
          disabled && 'cursor-not-allowed opacity-60',
        ),
      })}
    >
      <input {...getInputProps({ 'aria-label': t('extractor.dropzone.inputLabel'), disabled: disabled || !hydrated })} />
      {isDragActive ? (
        <FileArchive aria-hidden className="size-12 text-primary" />
      ) : (
        <Upload aria-hidden className="size-12 text-primary" />
      )}
      <p className="text-lg font-semibold">{isDragActive ? t('extractor.dropzone.dragging') : t('extractor.dropzone.choose')}</p>
      <p className="max-w-prose text-sm text-muted-foreground">{t('extractor.dropzone.supported')}</p>
      <button
        type="button"
        disabled={disabled}
        className="mt-2 inline-flex h-11 items-center gap-2 rounded-md bg-primary px-5 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-50"
      >
        <FileArchive aria-hidden className="size-4" />
        {t('extractor.dropzone.browse')}
      </button>
      <p className="text-xs text-muted-foreground">{t('extractor.dropzone.hint')}</p>
    </div>
  );
}
