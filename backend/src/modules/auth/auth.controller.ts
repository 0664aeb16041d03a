import { Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminCheckResponse } from '@ai-mind/contracts';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { DEVICE_COOKIE, SESSION_COOKIE } from './route-access.js';
import { SignInRoute } from '../../common/route-access.js';
import { KNOWN_DEVICE_SECONDS } from './login-throttle.service.js';
import type { AuthenticatedAdmin } from './local.strategy.js';
import { LoginBodyGuard } from './login-body.guard.js';
import { ROLE_PERMISSIONS } from './permissions.js';
import { SessionService, type AdminSession } from './session.service.js';

/** What the admin app is told of a session: who, and what their role may do. */
function checkResponse(session: AdminSession): AdminCheckResponse {
  return {
    authenticated: true,
    username: session.username,
    csrfToken: session.csrfToken,
    account: { username: session.username, displayName: session.displayName, role: session.role, permissions: [...ROLE_PERMISSIONS[session.role]] },
  };
}

@Controller('admin')
export class AuthController {
  constructor(
    private readonly sessions: SessionService,
    @InjectConfig('auth') private readonly config: ConfigSlice<'auth'>,
  ) {}

  /** Signs in; always a new session id (any earlier one is destroyed), never reused from the request. */
  @SignInRoute()
  @Post('login')
  @HttpCode(200)
  @UseGuards(LoginBodyGuard, AuthGuard('local'))
  async login(@Req() request: FastifyRequest & { user: AuthenticatedAdmin }, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCheckResponse> {
    await this.sessions.destroy(request.cookies[SESSION_COOKIE]);
    const { token, session } = await this.sessions.create(request.user);
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      secure: this.config.session.cookieSecure,
      sameSite: this.config.session.cookieSameSite,
      path: '/api',
      maxAge: this.config.session.maxSeconds,
    });
    void reply.setCookie(DEVICE_COOKIE, request.user.deviceToken, {
      httpOnly: true,
      secure: this.config.session.cookieSecure,
      sameSite: this.config.session.cookieSameSite,
      path: '/api/admin/login',
      maxAge: KNOWN_DEVICE_SECONDS,
    });
    return checkResponse(session);
  }

  @SignInRoute()
  @Get('check')
  async check(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<AdminCheckResponse> {
    void reply.header('cache-control', 'no-store');
    const session = await this.sessions.read(request.cookies[SESSION_COOKIE]);
    return session ? checkResponse(session) : { authenticated: false };
  }

  @SignInRoute()
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.sessions.destroy(request.cookies[SESSION_COOKIE]);
    void reply.clearCookie(SESSION_COOKIE, { path: '/api' });
  }
}
