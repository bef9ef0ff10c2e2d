// Tells whoever watches a job (Server-Sent Events) that it changed. Through the database's
// NOTIFY, so a change made by any server process on the same PostgreSQL reaches them all; the
// payload is only the id, and watchers read the row itself.
import type { Database } from '../db/database.js';

export const JOB_EVENTS_CHANNEL = 'extraction_job_events';
/** New work in the queue: every process's runner wakes up and tries to claim it. */
export const JOB_QUEUED_CHANNEL = 'extraction_job_queued';

export interface JobEvents {
  /** Calls `onChange` whenever job `id` changes; returns the unsubscribe. */
  watch(id: string, onChange: () => void): () => void;
  changed(id: string): Promise<void>;
  queued(): Promise<void>;
  close(): Promise<void>;
}

export async function jobEvents(db: Database): Promise<JobEvents> {
  const watchers = new Map<string, Set<() => void>>();
  const stop = await db.listen(JOB_EVENTS_CHANNEL, (id) => {
    for (const watcher of watchers.get(id) ?? []) watcher();
  });
  return {
    watch(id, onChange) {
      let set = watchers.get(id);
      if (!set) watchers.set(id, (set = new Set()));
      set.add(onChange);
      return () => {
        set.delete(onChange);
        if (set.size === 0) watchers.delete(id);
      };
    },
    changed: (id) => db.notify(JOB_EVENTS_CHANNEL, id),
    queued: () => db.notify(JOB_QUEUED_CHANNEL, ''),
    close: stop,
  };
}
