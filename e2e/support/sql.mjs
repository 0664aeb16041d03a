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

/** Applies the build's migrations to an empty database, as `npm start` does before it starts the product. */
export async function migrate(databaseUrl) {
  const { MikroORM } = await import('@mikro-orm/postgresql');
  const { createOrmConfig } = await import('../../backend/dist/app/orm-config.js');
  const orm = await MikroORM.init(createOrmConfig({ databaseUrl, poolMax: 1 }));
  try {
    await orm.migrator.up();
  } finally {
    await orm.close(true);
  }
}
