/**
 * Direct SQL on a test server's database, for tests that change data behind the API's back (a stone
 * sold by another app server). Both the SQLite file and the PostgreSQL server are shared with the running server.
 */

export async function execSql(databaseUrl: string, text: string, params: unknown[] = []): Promise<any[]> {
  if (databaseUrl.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let i = 0;
      const result = await client.query(
        text.replace(/\?/g, () => `$${++i}`),
        params,
      );
      return result.rows;
    } finally {
      await client.end();
    }
  }
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(databaseUrl);
  try {
    db.pragma('busy_timeout = 5000');
    const stmt = db.prepare(text);
    return stmt.reader ? stmt.all(...params) : (stmt.run(...params), []);
  } finally {
    db.close();
  }
}
