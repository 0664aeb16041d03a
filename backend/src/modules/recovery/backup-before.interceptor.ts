import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { concatMap, from, type Observable } from 'rxjs';
import { BackupService } from './backup.service.js';

/**
 * Takes a backup of every article before the handler runs, for admin calls that delete (none when
 * nothing changed since the newest backup). It runs after the access gate, so a call without a
 * signed-in editor never takes one. It is taken in the API process itself, not queued: the deletion
 * must not start before the backup exists, and must not depend on a worker being up.
 */
@Injectable()
export class BackupBeforeInterceptor implements NestInterceptor {
  constructor(private readonly backups: BackupService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const reason = `before ${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    return from(this.backups.snapshot(reason, { skipIfUnchanged: true })).pipe(concatMap(() => next.handle()));
  }
}
