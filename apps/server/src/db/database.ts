/**
 * The one database interface the server uses: PostgreSQL's dialect, whichever driver runs it —
 * embedded PGlite in DATA_DIR (the default: nothing to install) or node-postgres when
 * DATABASE_URL is set (production, several server processes on one database).
 */
export interface QueryResult<Row> {
  rows: Row[];
  /** Rows changed by INSERT/UPDATE/DELETE (0 for SELECT on some drivers). */
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction on one connection; rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `handler` with each payload sent to `channel` by NOTIFY, from this process or (PostgreSQL)
   * any other one on the same database. Resolves once listening; call the result to stop.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}
