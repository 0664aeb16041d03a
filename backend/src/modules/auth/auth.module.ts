import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AdminSessionGuard } from './admin-session.guard.js';
import { AdminUsersService } from './admin-users.service.js';
import { AuthController } from './auth.controller.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { SessionService } from './session.service.js';

/** Admin sign-in, Redis sessions, and the guard that protects every admin path by default. */
@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [AdminUsersService, SessionService, LoginThrottleService, LocalStrategy, { provide: APP_GUARD, useClass: AdminSessionGuard }],
  exports: [AdminUsersService],
})
export class AuthModule {}
