import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AdminAccessService } from './admin-access.service.js';
import { AdminUsersService } from './admin-users.service.js';
import { AuthController } from './auth.controller.js';
import { LocalStrategy } from './local.strategy.js';
import { LoginThrottleService } from './login-throttle.service.js';
import { SessionService } from './session.service.js';
import { SessionWatch } from './session-watch.js';
import { SignInCodeService } from './sign-in-code.service.js';

/**
 * Admin sign-in (with the emailed code past a username's full sign-in rate), Redis sessions and what
 * ends with them, and the session check the access gate applies to every route.
 */
@Module({
  imports: [PassportModule],
  controllers: [AuthController],
  providers: [AdminUsersService, SessionService, LoginThrottleService, SignInCodeService, LocalStrategy, AdminAccessService, SessionWatch],
  exports: [AdminUsersService, AdminAccessService, SessionWatch],
})
export class AuthModule {}
