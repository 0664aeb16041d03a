import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { QUEUE_NAMES } from '../../queue/queue-names.js';
import { AuditLog } from './audit-log.entity.js';
import { CSRF_HEADER, SESSION_COOKIE } from '../auth/admin-paths.js';
import { SessionService } from '../auth/session.service.js';

/** Under /api/admin, so isAdminPath (the audit log, the route checks of the tests) counts it as admin. */
export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The dashboard's own page calls its API from the same origin; a browser always sends Origin on PUT/POST/PATCH. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * Bull Board (queues, their jobs, failures, retries and schedules) at /api/admin/queues. It is a
 * Fastify plugin rather than a Nest route, so AdminSessionGuard never sees it: this hook applies the
 * same rules (a live admin session, the same 401 body) to every one of its routes. Its page cannot
 * send the x-csrf-token header, so a change is accepted with that header or from the site's own
 * origin (the session cookie is SameSite, and cross-site forms cannot send PUT or PATCH). Changes
 * are written to the audit log.
 */
export async function registerQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const sessions = app.get(SessionService);
  const orm = app.get(EntityManager);
  const queues = QUEUE_NAMES.map((name) => app.get<Queue>(getQueueToken(name), { strict: false }));
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'The AI Mind queues' } },
  });

  await app.getHttpAdapter().getInstance().register(async (scope) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const session = await sessions.read(request.cookies[SESSION_COOKIE]);
      if (!session) {
        return reply.status(401).header('cache-control', 'no-store').send({ error: 'Unauthorized', message: 'Sign in to use the admin panel.' });
      }
      if (!SAFE_METHODS.has(request.method) && !sameToken(request.headers[CSRF_HEADER], session.csrfToken) && !sameOrigin(request)) {
        return reply.status(403).send({ error: 'Forbidden', message: 'Missing or invalid CSRF token.' });
      }
      request.adminSession = session;
    });
    // Changes made from the dashboard (retries, cleans, pauses) are admin changes: audited like the
    // others, before the answer leaves.
    scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (SAFE_METHODS.has(request.method) || !request.adminSession) return payload;
      try {
        const em = orm.fork();
        em.create(AuditLog, {
          actor: request.adminSession.username,
          action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, 200),
          targetId: null,
          status: reply.statusCode,
          ip: request.ip,
          requestId: request.id,
        });
        await em.flush();
      } catch (error) {
        request.log.error({ err: error }, 'Could not write the audit log');
      }
      return payload;
    });
    await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
  });
}
