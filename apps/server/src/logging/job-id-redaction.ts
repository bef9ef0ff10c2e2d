// A job's id is the only key to its files: whoever reads the server's log must not be able to
// fetch them. Every log line is passed through here before it is written, so request URLs and
// error messages naming a job's folder (DATA_DIR/uploads/<id>, DATA_DIR/files/<id>) keep only
// a short prefix of the id, enough to follow one job through the log.
const SHOWN = 6;

// Only where an id stands in a path: other tokens of the same shape (the admin password generated
// at first start, printed once) must stay readable.
const ID_IN_PATH = /(\/(?:extractions|uploads|files)\/)([A-Za-z0-9_-]{22})(?![A-Za-z0-9_-])/g;

export function redactJobIds(line: string): string {
  return line.replace(ID_IN_PATH, (_match, before: string, id: string) => `${before}${shortJobId(id)}`);
}

/** The part of a job's id that may be logged. */
export function shortJobId(id: string): string {
  return `${id.slice(0, SHOWN)}…`;
}
