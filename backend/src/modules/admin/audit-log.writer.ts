import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { adminDb } from './tables.js';
import { AuditLog } from './audit-log.entity.js';

/** Text from the caller, cut to fit its column; control characters (PostgreSQL refuses NUL) become `?`. */
// eslint-disable-next-line no-control-regex
const clean = (text: string, max: number) => text.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, max);

/**
 * An id as the caller sent it, when it is a string or a number. The body is recorded before or
 * without its validation (a refused call, a 400), so anything else it holds (an object, even one
 * whose toString is not a function) names no target.
 */
const idText = (value: unknown): string | undefined => (typeof value === 'string' || typeof value === 'number' ? String(value) : undefined);

/** The id(s) an admin call acts on, from the path or the body (a bulk call's `ids`); never anything else of the body. */
function targetOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const ids = Array.isArray(body?.ids) ? body.ids.map((id) => idText(id) ?? '?').join(',') : undefined;
  const target = idText(params?.id) ?? idText(body?.blogId) ?? idText(body?.topicId) ?? ids;
  // A bulk call names up to ADMIN_BULK_MAX ids, all of them kept.
  return target === undefined ? null : clean(target, 5000);
}

/** Refused calls without a session kept whole per route, status and minute; the rest are only counted. */
export const REFUSAL_SAMPLES_PER_MINUTE = 3;

const actionOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? '(no route)'}`.slice(0, 200);

/** The one writer of audit_log rows: who called which route, on what, with which outcome. */
@Injectable()
export class AuditLogWriter {
  private readonly logger = new Logger(AuditLogWriter.name);

  constructor(private readonly em: EntityManager) {}

  /**
   * A refused call without a session (no sign-in, or a cross-site sign-in): counted per route, status
   * and minute in audit_refusal, and the first REFUSAL_SAMPLES_PER_MINUTE of each written whole, so
   * anyone can be refused as often as they like without flooding the log. Never throws.
   */
  async recordAnonymousRefusal(request: FastifyRequest, status: number): Promise<void> {
    try {
      const row = await adminDb(this.em.fork())
        .insertInto('audit_refusal')
        .values({ minute: sql<Date>`date_trunc('minute', now())`, action: actionOf(request), status, count: 1 })
        .onConflict((conflict) => conflict.columns(['minute', 'action', 'status']).doUpdateSet((eb) => ({ count: eb('audit_refusal.count', '+', 1) })))
        .returning('count')
        .executeTakeFirst();
      if (row && row.count <= REFUSAL_SAMPLES_PER_MINUTE) await this.record(request, status);
    } catch (error) {
      this.logger.error({ err: error }, 'Could not count a refused call');
    }
  }

  /**
   * A decision taken inside a call, recorded as a row of its own beside the call's (e.g. publishing
   * over open claims): the route's action followed by `decision`, the same who, where and status.
   */
  async recordDecision(request: FastifyRequest, decision: string, targetId: string): Promise<void> {
    await this.write(request, 200, `${actionOf(request)}: ${decision}`, targetId);
  }

  /** Never throws: a call is not failed because its audit row could not be written (the error is logged). */
  async record(request: FastifyRequest, status: number): Promise<void> {
    await this.write(request, status, actionOf(request), targetOf(request));
  }

  private async write(request: FastifyRequest, status: number, action: string, targetId: string | null): Promise<void> {
    const body = request.body as { username?: unknown; note?: unknown } | undefined;
    const actor = request.adminSession?.username ?? (typeof body?.username === 'string' ? clean(body.username, 100) : null);
    try {
      const em = this.em.fork();
      em.create(AuditLog, {
        actor,
        action: clean(action, 200),
        // As sent, undecoded: a refused call shows the spelling it tried.
        path: request.url.split('?')[0]!.slice(0, 500),
        targetId,
        status,
        ip: request.ip,
        requestId: request.id,
        note: typeof body?.note === 'string' && body.note.trim() ? clean(body.note.trim(), 2000) : null,
      });
      await em.flush();
    } catch (error) {
      this.logger.error({ err: error }, 'Could not write the audit log');
    }
  }
}
