/** The server extraction API's addresses (README "Server extraction API"). Kept apart from the
 * answer schemas, so that modules on the page's first load do not pull zod in. */
const BASE = '/api/extractions';
const jobPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const extractionUrls = {
  upload: BASE,
  job: jobPath,
  events: (id: string) => `${jobPath(id)}/events`,
  file: (id: string, fileId: string) => `${jobPath(id)}/files/${encodeURIComponent(fileId)}`,
  archiveZip: (id: string) => `${jobPath(id)}/archive.zip`,
  keepAlive: '/api/extract-archive',
};
