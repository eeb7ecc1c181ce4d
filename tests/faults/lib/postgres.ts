import pg from 'pg';

// The fault suite's own clusters (and its shared one when TEST_DATABASE_URL is not set) are
// embedded PostgreSQL clusters from the npm registry: see scripts/postgres.mjs.
export { startPostgres as createCluster, type Cluster } from '../../../scripts/postgres.mjs';

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a fresh database for one case (dropping a leftover of the same name first), empty or
 * as a copy of `template`.
 */
export async function createDatabase(
  baseUrl: string,
  name: string,
  template?: string,
): Promise<string> {
  for (const n of [name, template ?? 'dw_fault_']) {
    if (!/^dw_fault_[a-z0-9_]*$/.test(n)) throw new Error(`bad database name ${n}`);
  }
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  return withDatabase(baseUrl, name);
}

export async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** One query on a database (a test's own look at the rows, outside the servers). */
export async function query<T extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
