import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { runMigrateScript } from '@/lib/testing/run-migrations';

/** Where the tests create and drop their databases (the local PostgreSQL by default). */
export const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

// Migrates a template database once; every test file gets its own copy (CREATE DATABASE … TEMPLATE).
export default async function setup(project: TestProject) {
  const template = `dispatch_test_tpl_${randomBytes(4).toString('hex')}`;
  try {
    await adminQuery(`CREATE DATABASE ${template}`);
  } catch (error) {
    throw new Error(
      `The PostgreSQL tests need a server at ${ADMIN_URL} (set TEST_POSTGRES_URL to use another): ${(error as Error).message}`,
    );
  }
  await runMigrateScript({ DATABASE_URL: databaseUrl(template) });
  project.provide('database', { kind: 'postgres', adminUrl: ADMIN_URL, template });
  return async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  };
}
