// SQL against a product's database, for suites that prepare data no API makes (a large archive).
import pg from 'pg';

export async function sql(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
