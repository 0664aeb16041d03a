import { Controller, Get, Header, Req, Res, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_EVENT_CHANGED } from '@ai-mind/contracts';
import { ArticleChangeListener } from '../articles/index.js';
import { RequirePermission, SessionWatch } from '../auth/index.js';

/** A comment line now and then keeps proxies and load balancers from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;

/**
 * The admin panel's live events (server-sent events): `changed` after every committed article change,
 * from any process (a blog delivered by a worker or the automation service, a regenerated image, a
 * recovery), heard through PostgreSQL's article_changed notifications. The panel then refetches what
 * it shows. An admin route like any other: the access gate checks the session first, and the stream
 * ends when that session does (SessionWatch), so a signed-out, disabled or demoted account hears no more.
 */
@Controller('admin/events')
export class AdminEventsController implements OnModuleDestroy {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly changes: ArticleChangeListener,
    private readonly sessionWatch: SessionWatch,
  ) {}

  @RequirePermission('panel.use')
  @Get()
  @Header('cache-control', 'no-store')
  stream(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    // The stream is written by hand: never compressed or buffered, ended here on shutdown.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.write('retry: 5000\n\n');
    const unsubscribe = this.changes.subscribe(() => raw.write(`event: ${ADMIN_EVENT_CHANGED}\ndata: {}\n\n`));
    const keepalive = setInterval(() => raw.write(': keepalive\n\n'), KEEPALIVE_MS);
    const close = () => {
      clearInterval(keepalive);
      unsubscribe();
      unwatch();
      this.open.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    this.open.add(close);
    const unwatch = this.sessionWatch.watch(request, close);
    request.raw.on('close', close);
  }

  /** Before the HTTP server closes, which would otherwise wait for every open stream. */
  onModuleDestroy(): void {
    for (const close of [...this.open]) close();
  }
}
