import { Check, Copy, LoaderCircle } from 'lucide-react';
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { useSha256 } from './use-sha256';

/** How long the copy button shows its check mark (docs/product.md#interface-timings). */
const COPIED_MS = 2000;

/**
 * The file card's SHA-256 line. A file extracted on the server comes with the checksum the server
 * computed while writing it, shown at once. A file extracted in the page is hashed only after the
 * visitor's "Show SHA-256" click rather than when the line scrolls into view: scrolling past a
 * folder of multi-gigabyte files must not read them all, and the click makes the cost (seconds
 * for big files) the visitor's choice. Button names carry the file name, as a page holds many of
 * these lines.
 */
export function ChecksumLine({ file }: { file: ExtractedFile }) {
  // One live region across both states, so the hash is announced when it replaces the button.
  return (
    <div aria-live="polite" className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted-foreground">
      {file.remote ? (
        <ChecksumValue hash={file.remote.sha256} name={file.name} focusCopy={false} />
      ) : (
        <ComputedChecksum file={file} />
      )}
    </div>
  );
}

function ComputedChecksum({ file }: { file: ExtractedFile & { blob: Blob } }) {
  const { t } = useTranslation();
  const { name } = file;
  const { hash, phase, start } = useSha256(file);
  // The show button gives way to the copy button: focus follows, so a keyboard user keeps their place.
  const [focusCopy, setFocusCopy] = useState(false);
  const computing = phase === 'computing';

  const compute = (event: MouseEvent<HTMLButtonElement>) => {
    if (computing) return;
    setFocusCopy(event.currentTarget === document.activeElement);
    start();
  };

  if (hash) return <ChecksumValue hash={hash} name={name} focusCopy={focusCopy} />;
  return (
    <>
      {phase === 'failed' && <p className="text-destructive">{t('filePreview.checksum.failed')}</p>}
      <Button
        variant="outline"
        size="sm"
        // aria-disabled, not disabled: the button keeps keyboard focus while the hash is computed.
        aria-disabled={computing}
        aria-busy={computing}
        className="aria-disabled:cursor-wait aria-disabled:opacity-70"
        aria-label={computing ? undefined : t(`filePreview.checksum.${phase === 'failed' ? 'retryFile' : 'showFile'}`, { name })}
        onClick={compute}
      >
        {computing && <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />}
        {t(`filePreview.checksum.${computing ? 'computing' : phase === 'failed' ? 'retry' : 'show'}`)}
      </Button>
    </>
  );
}

function ChecksumValue({ hash, name, focusCopy }: { hash: string; name: string; focusCopy: boolean }) {
  const { t } = useTranslation();
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(hash);
      setCopiedAt(Date.now());
      toast.success(t('filePreview.checksum.copiedTitle'), { description: t('filePreview.checksum.copiedDescription') });
    } catch {
      // Also reached without the Clipboard API (insecure context), where `navigator.clipboard` is undefined.
      toast.error(t('filePreview.checksum.copyFailedTitle'), { description: t('filePreview.checksum.copyFailedDescription') });
    }
  };

  return (
    <>
      <p className="min-w-0 flex-1 text-start">
        <span className="me-1">{t('filePreview.checksum.label')}</span>
        <code dir="ltr" className="font-mono break-all text-foreground">
          {hash}
        </code>
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        autoFocus={focusCopy}
        aria-label={t('filePreview.checksum.copyFile', { name })}
        title={t('filePreview.checksum.copy')}
        onClick={() => void copy()}
      >
        {copiedAt === null ? <Copy aria-hidden /> : <Check aria-hidden className="text-success" />}
      </Button>
    </>
  );
}
