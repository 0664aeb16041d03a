import { Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import type { FastifyRequest } from 'fastify';
import type { AdminLoginRequest } from '@ai-mind/contracts';
import { AdminUsersService } from './admin-users.service.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { DEVICE_COOKIE } from './route-access.js';
import { SessionService, type SessionAccount } from './session.service.js';
import { clientOf } from '../../common/client-hash.js';

export interface AuthenticatedAdmin extends SessionAccount {
  /** Marks this browser as known for the username (the login sets it as DEVICE_COOKIE). */
  deviceToken: string;
}

/** Username and password sign-in, behind the per-IP and per-username lockouts. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(
    private readonly users: AdminUsersService,
    private readonly throttle: LoginThrottleService,
    private readonly sessions: SessionService,
  ) {
    super({ passReqToCallback: true });
  }

  async validate(request: FastifyRequest, username: string, password: string): Promise<AuthenticatedAdmin> {
    const device = request.cookies[DEVICE_COOKIE];
    const { code } = request.body as AdminLoginRequest;
    const attempt = await this.throttle.beginAttempt(clientOf(request), username, device, code);
    // Read before the account: a role change, disabling or reset committed after the read below
    // moves the generation on, and the session opened here ends with the others.
    const generation = await this.sessions.generationOf(username.trim());
    const user = await this.users.verifyCredentials(username.trim(), password);
    if (!user) {
      throw new UnauthorizedException({ error: 'Unauthorized', message: 'Invalid username or password' });
    }
    const deviceToken = await this.throttle.recordSuccess(clientOf(request), username, attempt, device);
    return { id: user.id, username: user.username, displayName: user.displayName, role: user.role, generation, deviceToken };
  }
}
