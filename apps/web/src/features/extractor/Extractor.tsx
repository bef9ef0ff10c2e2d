import { FolderDown, Hourglass } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { formatBytes } from '../../lib/format-size';
import { preloadable } from '../../lib/preloadable';
import { useHydrated } from '../../lib/use-hydrated';
import { canPickFolder, pickFolder } from '../file-manager/file-system-access';
import { ServerModeSwitch } from '../server-extraction/ServerModeSwitch';
import { useFilesFromOutside } from '../offline-app/use-files-from-outside';
import { useServerSettings } from '../server-extraction/use-server-settings';
import { Announcer } from './Announcer';
import { DropZone } from './DropZone';
import { prepareEngine } from './engine-client';
import { unopenableReason } from './archive-jobs';
import { PasswordField } from './PasswordField';
import { usePasswordPrompt } from './use-password-prompt';
import { useExtractor } from './use-extractor';

// Needed only once files exist: kept out of the home page's first load, and loaded when archives
// are chosen, so that the files show in the same commit as the engine's answer (see preloadable).
const fileManager = preloadable(() => import('../file-manager/FileManager'));
const completionDialog = preloadable(() => import('./CompletionDialog'));
const FileManager = fileManager.Component;
const CompletionDialog = completionDialog.Component;
// Shown once archives are chosen; kept out of the first load (budget: 120 KB) and loaded when the
// visitor points at the drop zone, so that a chosen file shows in the commit that adds it rather
// than a chunk's fetch later, moving "Extract Files Now" down under a quick click.
const selectedArchives = preloadable(() => import('./SelectedArchives'));
const SelectedArchives = selectedArchives.Component;
// Loaded with the files too: at the click it was fetched and compiled while the extraction's
// worker started, and as React.lazy it was shown up to 300 ms late (see preloadable).
const progressPanel = preloadable(() => import('./ProgressPanel'));
const ProgressPanel = progressPanel.Component;
const PasswordPrompt = lazy(() => import('./PasswordPrompt'));

export function Extractor() {
  const { t, i18n } = useTranslation();
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLElement>(null);
  const filesHeading = useRef<HTMLHeadingElement>(null);
  const onPasswordProblem = useCallback(() => {
    setPasswordProblem(true);
    passwordInput.current?.focus();
  }, []);
  const passwordPrompt = usePasswordPrompt();
  const extractor = useExtractor({ onPasswordProblem, askPassword: passwordPrompt.ask });
  const { jobs, files, busy, percent, completion, mode, queuePosition } = extractor;
  const server = mode === 'server';
  const { extractConcurrency } = useServerSettings();

  const onIntent = () => {
    selectedArchives.preload().catch(() => undefined);
    if (!server) prepareEngine();
  };
  const onFiles = (dropped: File[]) => {
    extractor.addFiles(dropped);
    selectedArchives.preload().catch(() => undefined);
    // A failed load is tried again, and then shown, when the component is first rendered.
    fileManager.preload().catch(() => undefined);
    completionDialog.preload().catch(() => undefined);
    progressPanel.preload().catch(() => undefined);
    // Smooth only for visitors who have not asked for reduced motion (the style sheet's own smooth
    // scrolling follows that wish by itself; a script's `behavior` would override it).
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    card.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' });
  };
  // "Open with" and the share sheet of the installed app hand their files over as dropped ones.
  useFilesFromOutside(onFiles);
  const start = () => {
    setPasswordProblem(false);
    void extractor.extract(password);
  };
  // Offered where the browser lets a page write into a folder (never in the prerendered HTML).
  const folderPicker = useHydrated() && canPickFolder() && !server;
  const startIntoFolder = async () => {
    // The picker first, while the click still counts as the visitor's: browsers show pickers only then.
    const folder = await pickFolder().catch(() => null);
    if (!folder) return;
    setPasswordProblem(false);
    void extractor.extract(password, { folder });
  };

  // The batch counts only archives that take part: not one too large or known to be unopenable.
  const inBatch = jobs.filter((job) => !job.tooLarge && unopenableReason(job) === null);
  const finished = inBatch.filter((job) => job.status === 'done' || job.status === 'failed' || job.status === 'cancelled').length;
  const single = jobs.length === 1 ? (jobs[0]?.name ?? null) : null;
  const queueNotice =
    queuePosition === null ? null : t('extractor.queue', { position: queuePosition, concurrency: extractConcurrency });

  return (
    <>
      <section
        ref={card}
        aria-labelledby="extractor-title"
        className="scroll-mt-4 space-y-4 rounded-2xl border border-border bg-card/50 p-4 shadow-sm sm:p-6"
      >
        <h2 id="extractor-title" className="sr-only">
          {t('extractor.title')}
        </h2>
        <DropZone onFiles={onFiles} onIntent={onIntent} disabled={busy} />
        {jobs.length > 0 && (
          <Suspense fallback={null}>
            <SelectedArchives jobs={jobs} busy={busy} onRemove={extractor.remove} />
          </Suspense>
        )}
        {jobs.length > 0 && (
          <p className="text-xs text-muted-foreground">
            {t(server ? 'extractor.selection.maxNoteServer' : 'extractor.selection.maxNote', {
              size: formatBytes(extractor.maxBytes, i18n.resolvedLanguage),
            })}
          </p>
        )}
        <PasswordField
          value={password}
          onChange={setPassword}
          onSubmit={start}
          inputRef={passwordInput}
          invalid={passwordProblem}
          server={server}
        />
        <ServerModeSwitch mode={mode} onChange={extractor.setMode} disabled={busy} />
        <Button size="lg" className="w-full" onClick={start} disabled={!extractor.canExtract} aria-busy={busy}>
          {busy ? t('extractor.extracting') : t('extractor.extractButton')}
        </Button>
        {folderPicker && (
          <Button variant="secondary" className="w-full" onClick={() => void startIntoFolder()} disabled={!extractor.canExtract}>
            <FolderDown aria-hidden />
            {t('extractor.extractToFolderButton')}
          </Button>
        )}
        {queueNotice && (
          <p
            data-queue-position={queuePosition}
            className="flex items-start gap-2 rounded-lg border border-border bg-muted/50 p-3 text-sm"
          >
            <Hourglass aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            {queueNotice}
          </p>
        )}
        {(busy || percent > 0) && (
          <Suspense fallback={null}>
            <ProgressPanel
              percent={percent}
              running={busy}
              done={finished}
              total={inBatch.length}
              onCancel={() => {
                passwordPrompt.dismiss();
                extractor.cancel();
              }}
              estimate={extractor.estimate}
              uploading={extractor.runMode === 'server'}
            />
          </Suspense>
        )}
      </section>
      {passwordPrompt.asking && (
        <Suspense fallback={null}>
          <PasswordPrompt key={passwordPrompt.asking.archiveName} asking={passwordPrompt.asking} />
        </Suspense>
      )}
      {/* Said once per position, like the completion below. */}
      {queueNotice && <Announcer key={`queue-${queuePosition}`} message={queueNotice} />}
      {completion && (
        <Announcer
          key={completion.runId}
          message={`${t('extractor.complete.title')} ${t('extractor.complete.text', { count: completion.fileCount })}`}
        />
      )}
      <Suspense fallback={null}>
        {completion && (
          <CompletionDialog
            key={completion.runId}
            fileCount={completion.fileCount}
            onClose={extractor.dismissCompletion}
            returnFocusTo={filesHeading}
          />
        )}
        {files.length > 0 && (
          <FileManager
            files={files}
            archiveName={single}
            onOpenArchive={(file) => void extractor.openNested(file, password)}
            openingIds={extractor.opening}
            openedIds={extractor.opened}
            headingRef={filesHeading}
            onExtractAgain={() => void extractor.extract(password, { again: true })}
            facts={extractor.facts}
          />
        )}
      </Suspense>
    </>
  );
}
