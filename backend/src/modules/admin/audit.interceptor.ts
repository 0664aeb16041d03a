import { HttpException, Injectable, Logger, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { catchError, concatMap, from, map, throwError, type Observable } from 'rxjs';
import { isAdminPath } from '../auth/admin-paths.js';
import { AuditLog } from './audit-log.entity.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The id an admin call acts on, from the path or the body; never anything else of the body. */
function targetOf(request: FastifyRequest): string | null {
  const params = request.params as Record<string, unknown> | undefined;
  const body = request.body as Record<string, unknown> | undefined;
  const target = params?.id ?? body?.blogId ?? body?.topicId;
  return target === undefined || target === null ? null : String(target).slice(0, 100);
}

/** Applied to every route: each admin call that changes something leaves an audit row, failures too. */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger(AuditInterceptor.name);

  constructor(private readonly em: EntityManager) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (context.getType() !== 'http' || READ_METHODS.has(request.method) || !isAdminPath(request.url)) return next.handle();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    // The row is written before the answer leaves, so an acknowledged change is always in the log.
    return next.handle().pipe(
      concatMap((value) => from(this.record(request, reply.statusCode)).pipe(map(() => value))),
      catchError((error: unknown) =>
        from(this.record(request, error instanceof HttpException ? error.getStatus() : 500)).pipe(concatMap(() => throwError(() => error))),
      ),
    );
  }

  private async record(request: FastifyRequest, status: number): Promise<void> {
    const body = request.body as { username?: unknown } | undefined;
    const actor = request.adminSession?.username ?? (typeof body?.username === 'string' ? body.username.slice(0, 100) : null);
    try {
      const em = this.em.fork();
      em.create(AuditLog, {
        actor,
        action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, 200),
        targetId: targetOf(request),
        status,
        ip: request.ip,
        requestId: request.id,
      });
      await em.flush();
    } catch (error) {
      this.logger.error({ err: error }, 'Could not write the audit log');
    }
  }
}
