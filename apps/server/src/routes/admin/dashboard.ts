// GET /api/admin/dashboard: the statistics, the recent activity (no file names anywhere) and the
// system status, in one answer so the page refreshes them together.
import type { Dashboard } from '@archive-opener/shared/api';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.js';
import { recentActivity, statistics } from '../../statistics/usage-events-repository.js';

export interface DashboardRoutesOptions {
  db: Database;
  system: () => Promise<Dashboard['system']>;
}

const RECENT_ACTIVITY = 20;

/** The admin's time zone if it is a real one, else UTC. */
export function timeZoneOf(value: unknown): string {
  if (typeof value !== 'string' || value.length > 64) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

const dashboard: FastifyPluginAsync<DashboardRoutesOptions> = async (app, { db, system }) => {
  app.get<{ Querystring: { tz?: string } }>('/api/admin/dashboard', async (request): Promise<Dashboard> => {
    const [stats, activity, status] = await Promise.all([
      statistics(db, timeZoneOf(request.query.tz)),
      recentActivity(db, RECENT_ACTIVITY),
      system(),
    ]);
    return { stats, recentActivity: activity, system: status };
  });
};

export default dashboard;
