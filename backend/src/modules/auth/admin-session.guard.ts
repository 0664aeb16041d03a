import { ForbiddenException, Inject, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER, isAdminPath, SESSION_COOKIE } from './admin-paths.js';
import { APP_CONFIG } from '../../config/config.module.js';
import type { AppConfig } from '../../config/app-config.js';
import { PUBLIC_ADMIN_ROUTE } from './public-admin-route.decorator.js';
import { fromAllowedOrigin } from './request-origin.js';
import { SessionService, type AdminSession } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/**
 * Applied to every route (APP_GUARD): any admin path needs a live session, and any admin call that
 * changes something needs the session's CSRF token in the x-csrf-token header and must not come from
 * another site's page (sign-in and sign-out included, so no page can sign an editor in or out).
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!isAdminPath(request.url)) return true;
    const changes = !SAFE_METHODS.has(request.method);
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ADMIN_ROUTE, [context.getHandler(), context.getClass()])) {
      if (changes) this.assertSameSite(request);
      return true;
    }

    const session = await this.sessions.read(request.cookies[SESSION_COOKIE]);
    if (!session) throw new UnauthorizedException({ error: 'Unauthorized', message: 'Sign in to use the admin panel.' });
    if (changes && !sameToken(request.headers[CSRF_HEADER], session.csrfToken)) {
      throw new ForbiddenException({ error: 'Forbidden', message: 'Missing or invalid CSRF token.' });
    }
    if (changes) this.assertSameSite(request);
    request.adminSession = session;
    return true;
  }

  private assertSameSite(request: FastifyRequest): void {
    if (!fromAllowedOrigin(request, this.config.corsOrigins)) {
      throw new ForbiddenException({ error: 'Forbidden', message: 'Cross-site request refused.' });
    }
  }
}
