import { Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { fromAllowedOrigin } from './request-origin.js';
import { permissionOf, roleMay, type Permission, type Role } from './permissions.js';
import { CSRF_HEADER, SESSION_COOKIE } from './route-access.js';
import { accessOf } from '../../common/route-access.js';
import { SessionService, type AdminSession } from './session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    adminSession?: AdminSession;
  }
}

/** Why a call was refused: sent as the `{ error, message }` body with this status. */
export interface Refusal {
  status: 401 | 403;
  error: 'Unauthorized' | 'Forbidden';
  message: string;
  /** Refused with no live session: anyone can send it, so the audit counts it rather than writing each. */
  anonymous: boolean;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const SIGN_IN_FIRST: Refusal = { status: 401, error: 'Unauthorized', message: 'Sign in to use the admin panel.', anonymous: true };
const BAD_CSRF: Refusal = { status: 403, error: 'Forbidden', message: 'Missing or invalid CSRF token.', anonymous: false };
const CROSS_SITE: Refusal = { status: 403, error: 'Forbidden', message: 'Cross-site request refused.', anonymous: false };
/** A change without a session from another site: a sign-in (login CSRF) or a reader's write. */
const CROSS_SITE_ANONYMOUS: Refusal = { ...CROSS_SITE, anonymous: true };

/** The refusal of a call whose route needs what the session's role does not have. */
function missingPermission(role: Role, needed: Permission | 'owner-only'): Refusal {
  const message =
    needed === 'owner-only' ? `Only an owner may do this; your role is ${role}.` : `Your role (${role}) lacks the permission this needs: ${needed}.`;
  return { status: 403, error: 'Forbidden', message, anonymous: false };
}

/** Whether the call changes something (anything but a read). */
export const changesSomething = (request: FastifyRequest) => !SAFE_METHODS.has(request.method);

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** A browser always sends Origin on PUT/POST/PATCH; the dashboard's own page sends the site's. */
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
 * The one session check, for every route of the app (Nest controllers and Fastify plugins alike). It
 * reads the access the matched route declared (its route config), never the URL, so no spelling of a
 * path can reach a route without that route's own rules; that includes the permission the route
 * declared (owner-only when none), checked against the role the session carries.
 */
@Injectable()
export class AdminAccessService {
  private readonly siteOrigins: string[];

  constructor(
    private readonly sessions: SessionService,
    @InjectConfig('site') config: ConfigSlice<'site'>,
    @InjectConfig('server') serverConfig: ConfigSlice<'server'>,
  ) {
    // The site's own origin (PUBLIC_URL) and the admin app's: behind a proxy that rewrites Host, the
    // configured origin is still the site itself.
    this.siteOrigins = [config.publicUrl, ...serverConfig.corsOrigins];
  }

  /** Null when the call may go on (an admin call then carries its session); else why it is refused. */
  async check(request: FastifyRequest): Promise<Refusal | null> {
    // No route matched: the not-found handler answers, and there is nothing to protect.
    if (request.routeOptions.url === undefined) return null;
    const config = request.routeOptions.config;
    const access = accessOf(config);
    if (access === 'public' || access === 'signature') return null;
    const changes = changesSomething(request);
    if (access === 'sign-in' || access === 'public-write') return changes && !fromAllowedOrigin(request, this.siteOrigins) ? CROSS_SITE_ANONYMOUS : null;

    const session = await this.sessions.read(request.cookies[SESSION_COOKIE]);
    if (!session) return SIGN_IN_FIRST;
    // Set before the checks below, so a refused call is audited under its account.
    request.adminSession = session;
    const needed = permissionOf(config);
    if (needed === 'owner-only' ? session.role !== 'owner' : !roleMay(session.role, needed)) return missingPermission(session.role, needed);
    if (changes) {
      const proven = sameToken(request.headers[CSRF_HEADER], session.csrfToken) || (config.changeProof === 'csrf-token-or-same-origin' && sameOrigin(request));
      if (!proven) return BAD_CSRF;
      if (!fromAllowedOrigin(request, this.siteOrigins)) return CROSS_SITE;
    }
    return null;
  }
}
