import { existsSync } from 'node:fs';
import pg from 'pg';
import { OpsError, run } from './run.ts';

/** PostgreSQL's own tools, the ones a backup of a PostgreSQL installation is made and restored with. */
export type PgTool = 'pg_dump' | 'pg_restore';

export interface FoundTool {
  path: string;
  /** e.g. `15.20`; the major version is what must match. */
  version: string;
  major: number;
}

const majorOf = (version: string) => Number.parseInt(version, 10);

/**
 * The tool for a server of this major version: Debian keeps each version's tools in /usr/lib/postgresql/<major>/bin
 * (several side by side), else the one on PATH. pg_dump refuses a server newer than itself and pg_restore an archive
 * newer than itself, so an older one is refused here with what to install.
 */
export async function findPgTool(tool: PgTool, neededMajor: number): Promise<FoundTool> {
  const candidates = [`/usr/lib/postgresql/${neededMajor}/bin/${tool}`, tool];
  const found = candidates.find((c) => c === tool || existsSync(c))!;
  let output: string;
  try {
    output = (await run(found, ['--version'])).stdout;
  } catch (e) {
    if (e instanceof OpsError) {
      throw new OpsError(
        `${tool} was not found. It comes with PostgreSQL's client tools: install those of version ${neededMajor} ` +
          `(Debian/Ubuntu: apt-get install postgresql-client-${neededMajor}) or put their bin directory on PATH`,
      );
    }
    throw e;
  }
  const version = /\d+(\.\d+)?/.exec(output)?.[0] ?? '0';
  if (majorOf(version) < neededMajor) {
    throw new OpsError(
      `${found} is version ${version}, older than the ${neededMajor} it must work with. Install PostgreSQL's ` +
        `client tools of version ${neededMajor} (Debian/Ubuntu: apt-get install postgresql-client-${neededMajor}) ` +
        'or put their bin directory first on PATH',
    );
  }
  return { path: found, version, major: majorOf(version) };
}

/**
 * A database URL for the tools' command line without its password, which goes in the environment instead: a
 * command line is visible to every user of the machine.
 */
export function pgToolTarget(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** The server's version (`15.20`), and whether the database holds any table, view or sequence of its own. */
export async function inspectPostgres(
  databaseUrl: string,
): Promise<{ version: string; major: number; empty: boolean }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (e) {
    throw new OpsError(`cannot connect to the database of DATABASE_URL: ${(e as Error).message}`);
  }
  try {
    const { rows } = await client.query<{ version: string; relations: number }>(
      `select current_setting('server_version') as version,
              (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where c.relkind in ('r', 'p', 'v', 'm', 'S')
                  and n.nspname not in ('pg_catalog', 'information_schema')
                  and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%') as relations`,
    );
    const version = /^\d+(\.\d+)?/.exec(rows[0]!.version)?.[0] ?? rows[0]!.version;
    return { version, major: majorOf(version), empty: rows[0]!.relations === 0 };
  } finally {
    await client.end();
  }
}
