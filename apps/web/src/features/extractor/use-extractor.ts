import { BROWSER_LIMITS, isPasswordProblem, type ErrorShape } from '@archive-opener/shared';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toast/notify';
import { afterNextPaint } from '../../lib/after-paint';
import { formatBytes } from '../../lib/format-size';
import type { ExtractedFile } from '../file-manager/extracted-file';
import { fileBlob } from '../file-manager/file-bytes';
import { maxArchiveBytes, type ExtractionMode } from '../server-extraction/extraction-mode';
import { useExtractionMode } from '../server-extraction/use-extraction-mode';
import { serverMaxBytes, useServerSettings } from '../server-extraction/use-server-settings';
import { useKeepAlive } from '../server-extraction/use-keep-alive';
import { useArchiveWorkAnnouncer } from '../offline-app/use-archive-work-announcer';
import {
  batchPercent,
  isBusy,
  jobsReducer,
  nestingDepth,
  newJobId,
  openedArchiveIds,
  runnable,
  serverQueuePosition,
  summarizeListing,
  withLimit,
  type ArchiveJob,
  type JobListing,
} from './archive-jobs';
import { extractInWorker, listInWorker, readySpare, type EngineRun } from './engine-client';
import { errorText } from './error-messages';
import { asShape, runJob, type JobOutput } from './job-runner';
import { BatchPasswords, type PasswordAsk } from './batch-passwords';
import { nextEstimate, RATE_STAGES, startEstimate, type RateEstimate } from './progress-model';
import { ListingRuns } from './listing-runs';
import type { PickedFolder } from './picked-folder';
import { runBatch } from './run-batch';
import { toExtractedFiles } from './to-extracted-files';
import { keepOutputStoresOf, storageRefusal, useOutputStorage } from './use-output-storage';
import { groupVolumes, withoutSystemFiles } from './volume-sets';

const SLOW_NOTICE_MS = 15_000;
/** Names shown from the listing before extraction. */
const LISTED_NAMES = 8;

export interface Completion {
  fileCount: number;
  /** Changes on every completed run, so the dialog reopens for a second batch with the same count. */
  runId: number;
}

/**
 * The extractor's state and actions: the selection, runs in Web Workers or on the server (the
 * visitor's remembered choice), nested archives.
 */
/** The job with its listing, awaited if it is a zip's or a 7z's still running (a tar.gz's decodes it all). */
async function listedForFolder(job: ArchiveJob, listings: ListingRuns<JobListing>): Promise<ArchiveJob> {
  if (job.listing?.state !== 'listing' || !/\.(zip|7z)$/i.test(job.name)) return job;
  const listing = await listings.untilEnded(job.id);
  return listing ? { ...job, listing } : job;
}

export function useExtractor({ onPasswordProblem, askPassword }: { onPasswordProblem: () => void; askPassword: PasswordAsk }) {
  const { t, i18n } = useTranslation();
  const [mode, chooseMode] = useExtractionMode();
  const serverLimit = serverMaxBytes(useServerSettings());
  const storage = useOutputStorage();
  const maxBytes = maxArchiveBytes(mode, serverLimit, storage.archiveBytes);
  const [stored, dispatch] = useReducer(jobsReducer, []);
  useEffect(() => keepOutputStoresOf(stored), [stored]);
  const jobs = useMemo(() => withLimit(stored, maxBytes), [stored, maxBytes]);
  const [completion, setCompletion] = useState<Completion | null>(null);
  // The time left, measured for a single archive: a batch's blended percent has no one rate.
  const [estimate, setEstimate] = useState<RateEstimate | null>(null);
  // The mode of the last run: the progress panel names its first step after it.
  const [runMode, setRunMode] = useState<ExtractionMode>(mode);
  const [opening, setOpening] = useState<ReadonlySet<string>>(new Set());
  const runs = useRef(new Map<string, EngineRun<JobOutput>>());
  const listings = useRef(new ListingRuns<JobListing>());
  // The passwords the visitor typed during this visit, in the page's memory only
  // (docs/decisions/018-passwords-never-stored.md): one opens every archive of a batch that shares it.
  const passwords = useRef<BatchPasswords | null>(null);
  const stopped = useRef(false);
  const engineLoaded = useRef(false);
  const attempts = useRef(0);
  useKeepAlive(mode === 'server');

  const showError = useCallback(
    (error: ErrorShape, archiveName: string, toastId?: string) => {
      const { title, text } = errorText(error, t, i18n.resolvedLanguage);
      const show = error.code === 'CANCELLED' ? notify.info : notify.error;
      show(title, { description: `${archiveName}: ${text}`, ...(toastId === undefined ? {} : { id: toastId }) });
      if (isPasswordProblem(error.code)) onPasswordProblem();
    },
    [t, i18n.resolvedLanguage, onPasswordProblem],
  );

  /** Too large for the mode: in the browser, where the storage is known, said with how much is needed and available. */
  const warnTooLarge = useCallback(
    (limit: number, modeNow: ExtractionMode, largest?: { name: string; size: number }) => {
      if (modeNow === 'browser' && storage.availableBytes !== null && largest)
        return showError(storageRefusal(largest.size, storage.availableBytes), largest.name);
      notify.error(t('extractor.toasts.tooLarge.title'), {
        description: t('extractor.toasts.tooLarge.text', { size: formatBytes(limit, i18n.resolvedLanguage) }),
      });
    },
    [t, i18n.resolvedLanguage, storage.availableBytes, showError],
  );

  const addFiles = useCallback(
    (dropped: readonly File[]) => {
      const selections = groupVolumes(withoutSystemFiles(dropped)).map((selection) => ({ ...selection, id: newJobId() }));
      if (selections.length === 0) return;
      dispatch({ type: 'add', selections, maxBytes });
      const refused = selections.filter((selection) => selection.size > maxBytes).sort((a, b) => b.size - a.size)[0];
      if (refused) warnTooLarge(maxBytes, mode, refused);
      // Server mode is for devices that should not open archives themselves: nothing is listed.
      if (mode === 'server') return;
      // List first (names, sizes, encryption) so the visitor sees what is inside at once.
      const listable = selections.filter((selection) => selection.size <= maxBytes && selection.missingPart === undefined);
      void runBatch(listable, async (selection) => {
        if (!listings.current.wanted(selection.id)) return;
        dispatch({ type: 'listing', id: selection.id, listing: { state: 'listing' } });
        const run = listInWorker(selection.parts);
        listings.current.started(selection.id, run);
        let listing: JobListing;
        try {
          listing = summarizeListing(await run.result, LISTED_NAMES);
        } catch (error) {
          // Encrypted names need the password; not an archive or a missing part is said at once
          // (see unopenableReason); anything else, extraction will say.
          const shape = asShape(error);
          listing =
            shape.code === 'PASSWORD_REQUIRED'
              ? { state: 'listed', files: 0, bytes: null, encrypted: true, names: [] }
              : { state: 'failed', error: shape };
        }
        dispatch({ type: 'listing', id: selection.id, listing });
        listings.current.ended(selection.id, listing);
      });
      // The extraction's worker loads beside the listings (which took theirs first): a visitor who
      // clicks before a listing ends (a tar.gz is listed by decoding all of it) meets it ready.
      // Without 7-Zip: a listing that runs it compiles it meanwhile; with a second compile of it
      // at the same time, a 7z's run used 4.7 CPU-s against 4.1 (medians of 4 alternated runs on
      // a loaded VM: not conclusive, but no gain either; docs/decisions/036-browser-speed-at-scale.md).
      if (listable.length > 0) readySpare();
    },
    [maxBytes, mode, warnTooLarge],
  );

  const setMode = useCallback(
    (next: ExtractionMode) => {
      chooseMode(next);
      const limit = maxArchiveBytes(next, serverLimit, storage.archiveBytes);
      const refused = runnable(stored)
        .filter((job) => job.size > limit)
        .sort((a, b) => b.size - a.size)[0];
      if (refused) warnTooLarge(limit, next, refused);
    },
    [chooseMode, stored, warnTooLarge, serverLimit, storage.archiveBytes],
  );

  const extract = useCallback(
    async (password: string, { again = false, folder }: { again?: boolean; folder?: FileSystemDirectoryHandle } = {}) => {
      // Again: the archives already extracted, whose files the server has since deleted.
      let todo = again ? jobs.filter((job) => job.status === 'done' && !job.tooLarge) : runnable(jobs);
      if (todo.length === 0 || isBusy(jobs)) return;
      // "Extract straight to a folder…" (browser mode): each archive gets a new folder in the picked one.
      let picked: PickedFolder | undefined;
      try {
        // Loaded when first used: its placement rules are the file manager's, outside the home page's first load.
        picked = folder && mode === 'browser' ? await (await import('./picked-folder')).pickedFolder(folder) : undefined;
      } catch {
        notify.error(t('fileManager.toast.folderFailed'), { description: t('fileManager.toast.folderFailedDescription') });
        return;
      }
      stopped.current = false;
      setCompletion(null);
      dispatch({ type: 'queue', ids: todo.map((job) => job.id) });
      // Into a folder, a zip's or a 7z's listing (its headers only, a fraction of a second) is
      // worth its end: it says where the files go and whether two workers may write them.
      if (picked) todo = await Promise.all(todo.map((job) => listedForFolder(job, listings.current)));
      // A listing still running would decode the whole archive beside the extraction (listing-runs.ts).
      listings.current.extractionStarts(todo.map((job) => job.id));
      const runIn = mode;
      setRunMode(runIn);
      const madeFolders: NonNullable<JobOutput['folder']>[] = [];
      setEstimate(startEstimate(RATE_STAGES));
      // One toast per attempt: each notice (start, slow, queued) and the outcome replace the one
      // before, rather than stacking up (the list of archives keeps each one's outcome).
      const id = `extraction-${++attempts.current}`;
      // The browser's engine loads once; the server is reached afresh every time.
      if (runIn === 'server' || !engineLoaded.current)
        notify.info(t('extractor.toasts.start.title'), {
          id,
          description: t(runIn === 'server' ? 'extractor.server.toasts.start' : 'extractor.toasts.start.text'),
        });
      const slow = setTimeout(
        () =>
          notify.info(t('extractor.toasts.slow.title'), {
            id,
            description: t(runIn === 'server' ? 'extractor.server.toasts.slow' : 'extractor.toasts.slow.text'),
          }),
        SLOW_NOTICE_MS,
      );
      const prefixWithName = jobs.filter((job) => !job.tooLarge).length > 1;
      const askBatch = todo.length > 1;
      let extracted = 0;

      await runBatch(
        todo,
        async (job) => {
          dispatch({ type: 'start', id: job.id });
          let toldQueued = false;
          const keyring = (passwords.current ??= new BatchPasswords());
          const tried = new Set<string>();
          let attempt = password;
          for (;;) {
            tried.add(attempt);
            const run = runJob(job, runIn, {
              password: attempt,
              prefix: prefixWithName ? job.name : '',
              storage,
              ...(picked && { folder: picked }),
              onPercent: (percent) => {
                dispatch({ type: 'progress', id: job.id, percent });
                if (todo.length === 1) setEstimate((current) => current && nextEstimate(current, percent, performance.now()));
              },
              onQueue: (position) => {
                dispatch({ type: 'serverQueue', id: job.id, position });
                // The "queued" toast of docs/product.md#server-mode, once per archive; the notice
                // then follows the position.
                if (position !== null && !toldQueued) {
                  toldQueued = true;
                  notify.info(t('extractor.server.toasts.queued.title'), {
                    id,
                    description: t('extractor.server.toasts.queued.text', { position }),
                  });
                }
              },
            });
            runs.current.set(job.id, run);
            try {
              const { files, facts, folder: madeFolder } = await run.result;
              if (runIn === 'browser') engineLoaded.current = true;
              if (madeFolder) madeFolders.push(madeFolder);
              if (attempt) keyring.remember(attempt);
              extracted += files.length;
              dispatch({ type: 'done', id: job.id, files, facts });
              if (files.length === 0)
                notify.info(t('extractor.toasts.empty.title'), {
                  id,
                  description: t('extractor.toasts.empty.text', { name: job.name }),
                });
              return;
            } catch (error) {
              const shape = asShape(error);
              // A password problem: the batch's other passwords first, then the visitor is asked.
              const next =
                isPasswordProblem(shape.code) && !stopped.current
                  ? await keyring
                      .next(tried, () =>
                        // One archive alone is asked as before: the error, and the field to type in.
                        askBatch
                          ? askPassword(job.name, shape.code === 'WRONG_PASSWORD' && attempt !== '')
                          : Promise.resolve(null),
                      )
                      .catch(() => null)
                  : null;
              if (next !== null && !stopped.current) {
                attempt = next;
                continue;
              }
              dispatch({ type: 'failed', id: job.id, error: shape });
              if (shape.code !== 'CANCELLED' || !stopped.current) showError(shape, job.name, id);
              return;
            } finally {
              runs.current.delete(job.id);
            }
          }
        },
        { shouldStop: () => stopped.current },
      );

      clearTimeout(slow);
      if (stopped.current) {
        dispatch({ type: 'cancelQueued' });
        notify.info(t('extractor.errors.cancelled.title'), { id, description: t('extractor.errors.cancelled.text') });
        return;
      }
      if (extracted > 0) {
        // The file cards are drawn first, in a commit of their own; the dialog and the toast next.
        await afterNextPaint();
        const [madeFolder] = madeFolders;
        const renamed = madeFolders.find((made) => made.renamed)?.renamed;
        const folderNames = madeFolders.map((made) => made.name).join(', ');
        if (madeFolder)
          notify.success(t('fileManager.toast.folderDone'), {
            id,
            description: renamed
              ? t('fileManager.toast.folderDoneRenamedDescription', { folder: folderNames, ...renamed })
              : t('fileManager.toast.folderDoneDescription', { folder: folderNames }),
          });
        else
          notify.success(t('extractor.toasts.success.title'), {
            id,
            description: t('extractor.toasts.success.text', { count: extracted }),
          });
        setCompletion({ fileCount: extracted, runId: Date.now() });
      }
    },
    [jobs, mode, t, showError, storage, askPassword],
  );

  const cancel = useCallback(() => {
    stopped.current = true;
    for (const run of runs.current.values()) run.cancel();
  }, []);

  const openNested = useCallback(
    async (file: ExtractedFile, password: string) => {
      const owner = jobs.find((job) => job.files.some((candidate) => candidate.id === file.id));
      if (!owner) return;
      // The same depth cap as the engine's for compressed layers (archive in archive in archive).
      if (nestingDepth(file, owner.files) >= BROWSER_LIMITS.maxNestingDepth) {
        notify.error(t('extractor.toasts.nestedFailed', { name: file.name }), {
          description: t('extractor.nested.tooDeep', { depth: BROWSER_LIMITS.maxNestingDepth }),
        });
        return;
      }
      setOpening((ids) => new Set(ids).add(file.id));
      try {
        // A server file is fetched first; the nested archive then opens in the page like any other.
        const blob = await fileBlob(file);
        const result = await extractInWorker([new File([blob], file.name)], password ? { password } : {}).result;
        const files = toExtractedFiles(result, { archiveName: file.name, prefix: file.path, parentId: file.id });
        dispatch({ type: 'nested', id: owner.id, files });
        if (files.length === 0)
          notify.info(t('extractor.toasts.empty.title'), { description: t('extractor.toasts.empty.text', { name: file.name }) });
      } catch (error) {
        showError(asShape(error), file.name);
      } finally {
        setOpening((ids) => {
          const next = new Set(ids);
          next.delete(file.id);
          return next;
        });
      }
    },
    [jobs, t, showError],
  );

  const files = useMemo(() => jobs.flatMap((job) => job.files), [jobs]);
  const opened = useMemo(() => openedArchiveIds(files), [files]);
  const facts = useMemo(() => jobs.flatMap((job) => (job.facts ? [job.facts] : [])), [jobs]);
  const busy = isBusy(jobs);
  // The service worker's install waits while an archive is listed, extracted or opened inside another.
  useArchiveWorkAnnouncer(busy || opening.size > 0 || jobs.some((job) => job.listing?.state === 'listing'));
  const percent = busy || jobs.some((job) => job.status === 'done') ? batchPercent(jobs) : 0;

  return {
    mode,
    setMode,
    runMode,
    maxBytes,
    queuePosition: serverQueuePosition(jobs),
    jobs,
    files,
    facts,
    busy,
    percent,
    completion,
    estimate,
    opening,
    opened,
    canExtract: !busy && runnable(jobs).length > 0,
    addFiles,
    remove: (id: string) => dispatch({ type: 'remove', id }),
    clear: () => {
      passwords.current = null;
      dispatch({ type: 'clear' });
    },
    extract,
    cancel,
    openNested,
    dismissCompletion: () => setCompletion(null),
  };
}
