import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changesSomething, type AdminAccessService } from './admin-access.service.js';
import { accessOf } from '../../common/route-access.js';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set when the access gate refused the call, so it is audited even for a read: `anonymous` when
     * the call had no live session (counted and sampled), `session` when a signed-in call was refused.
     */
    accessRefused?: 'anonymous' | 'session';
  }
}

/**
 * Where the gate writes its audit rows: the admin module's AuditLogWriter, passed in by the app. Declared
 * here, not imported, because the admin module's routes depend on this one (no import cycle).
 */
export interface AccessAudit {
  recordAnonymousRefusal(request: FastifyRequest, status: number): Promise<void>;
  record(request: FastifyRequest, status: number): Promise<void>;
}

/**
 * The gate in front of every route of the app (added on the root instance, so routes registered
 * later, by Nest or by plugins, pass through it too): refuses what the matched route's access does
 * not allow, and writes the audit row of every admin or sign-in change and of every refusal before
 * the answer leaves, so an acknowledged change is always in the log (a refusal without a session is
 * counted, and sampled, rather than written each: AuditLogWriter.recordAnonymousRefusal). Register
 * after the cookie parser, before the routes.
 */
export function registerAccessGate(fastify: FastifyInstance, access: AdminAccessService, audit: AccessAudit): void {
  fastify.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const refusal = await access.check(request);
    if (!refusal) return;
    request.accessRefused = refusal.anonymous ? 'anonymous' : 'session';
    return reply.status(refusal.status).header('cache-control', 'no-store').send({ error: refusal.error, message: refusal.message });
  });

  fastify.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const routeAccess = request.routeOptions.url === undefined ? 'public' : accessOf(request.routeOptions.config);
    const audited = routeAccess === 'admin' || routeAccess === 'sign-in';
    if (!audited) return payload;
    if (request.accessRefused === 'anonymous') await audit.recordAnonymousRefusal(request, reply.statusCode);
    else if (request.accessRefused || changesSomething(request)) await audit.record(request, reply.statusCode);
    return payload;
  });
}
