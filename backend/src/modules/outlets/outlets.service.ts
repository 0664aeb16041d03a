import { Injectable, NotFoundException } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import {
  DEFAULT_MIN_INDEPENDENT_OUTLETS,
  OUTLET_LIST_MAX,
  type AdminSourcingSettings,
  type Outlet as OutletDto,
  type SaveOutletFields,
  type SourcingSettings,
} from '@ai-mind/contracts';
import { ValidationFailedException } from '../../common/zod-validation.pipe.js';
import { outletsDb } from './tables.js';

type OutletRow = { id: number; name: string; owner: string; side: string | null; notes: string; updated_at: Date | string; updated_by: string };

const toDto = (row: OutletRow): OutletDto => ({
  id: row.id,
  name: row.name,
  owner: row.owner,
  side: row.side,
  notes: row.notes,
  updatedAt: new Date(row.updated_at).toISOString(),
  updatedBy: row.updated_by,
});

const COLUMNS = ['id', 'name', 'owner', 'side', 'notes', 'updated_at', 'updated_by'] as const;

/** A second outlet of the same name (the unique index compares names without case): a 400 on the name. */
function duplicateName(error: unknown): never {
  if ((error as { code?: string }).code === '23505')
    throw new ValidationFailedException([{ path: 'name', message: 'is already on the list (names are compared without regard to case)' }]);
  throw error;
}

/** The owner's outlet list and the sourcing setting, as the admin edits them. */
@Injectable()
export class OutletsService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<OutletDto[]> {
    const rows = await outletsDb(this.em.fork())
      .selectFrom('outlet')
      .select(COLUMNS)
      .orderBy(sql`lower(owner)`)
      .orderBy(sql`lower(name)`)
      .execute();
    return rows.map(toDto);
  }

  async create(fields: SaveOutletFields, by: string): Promise<OutletDto> {
    const db = outletsDb(this.em.fork());
    const row = await db
      .insertInto('outlet')
      .columns(['name', 'owner', 'side', 'notes', 'updated_by'])
      // The bound is checked in the statement that inserts.
      .expression(
        db
          .selectNoFrom((eb) => [
            eb.val(fields.name).as('name'),
            eb.val(fields.owner).as('owner'),
            eb.val(fields.side).as('side'),
            eb.val(fields.notes).as('notes'),
            eb.val(by).as('updated_by'),
          ])
          .where(sql<boolean>`(select count(*) from outlet) < ${OUTLET_LIST_MAX}`),
      )
      .returning(COLUMNS)
      .executeTakeFirst()
      .catch(duplicateName);
    if (!row) throw new ValidationFailedException([{ path: 'name', message: `cannot be added: the list holds at most ${OUTLET_LIST_MAX} outlets` }]);
    return toDto(row);
  }

  async update(id: number, fields: SaveOutletFields, by: string): Promise<OutletDto> {
    const row = await outletsDb(this.em.fork())
      .updateTable('outlet')
      .set({ name: fields.name, owner: fields.owner, side: fields.side, notes: fields.notes, updated_by: by, updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirst()
      .catch(duplicateName);
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `No outlet ${id}` });
    return toDto(row);
  }

  async remove(id: number): Promise<OutletDto> {
    const row = await outletsDb(this.em.fork()).deleteFrom('outlet').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
    if (!row) throw new NotFoundException({ error: 'Not Found', message: `No outlet ${id}` });
    return toDto(row);
  }

  async settings(): Promise<AdminSourcingSettings> {
    const row = await outletsDb(this.em.fork())
      .selectFrom('sourcing_settings')
      .select(['min_independent_outlets', 'updated_at', 'updated_by'])
      .where('id', '=', 1)
      .executeTakeFirst();
    return {
      minIndependentOutlets: row?.min_independent_outlets ?? DEFAULT_MIN_INDEPENDENT_OUTLETS,
      updatedAt: row?.updated_at ? new Date(row.updated_at).toISOString() : null,
      updatedBy: row?.updated_by ?? null,
    };
  }

  async saveSettings(settings: SourcingSettings, by: string): Promise<AdminSourcingSettings> {
    const values = { min_independent_outlets: settings.minIndependentOutlets, updated_by: by, updated_at: sql<Date>`now()` };
    await outletsDb(this.em.fork())
      .insertInto('sourcing_settings')
      .values({ id: 1, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
    return this.settings();
  }
}
