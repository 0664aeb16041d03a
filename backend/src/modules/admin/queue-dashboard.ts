import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import { QUEUE_NAMES } from '../../queue/queue-names.js';
import { registerWithRouteConfig } from '../auth/index.js';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

/**
 * Bull Board (queues, their jobs, failures, retries and schedules) at /api/admin/queues. Its routes
 * declare no access of their own, so the access gate treats each as an admin route (session, audit)
 * like any other, for owners only (`operations.run`). Its page cannot send the x-csrf-token header, so its routes accept a change with
 * that header or from the site's own origin (the session cookie is SameSite, and cross-site forms
 * cannot send PUT or PATCH).
 */
export async function registerQueueDashboard(app: NestFastifyApplication): Promise<void> {
  const queues = QUEUE_NAMES.map((name) => app.get<Queue>(getQueueToken(name), { strict: false }));
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'The AI Mind queues' } },
  });
  await registerWithRouteConfig(
    app.getHttpAdapter().getInstance(),
    { access: 'admin', changeProof: 'csrf-token-or-same-origin', permission: 'operations.run' },
    async (scope) => {
      await scope.register(serverAdapter.registerPlugin(), { prefix: QUEUE_DASHBOARD_PATH });
    },
  );
}
