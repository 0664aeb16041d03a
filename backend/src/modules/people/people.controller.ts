import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  ChangeRoleRequestSchema,
  ChangeStatusRequestSchema,
  InvitePersonRequestSchema,
  PersonIdParamsSchema,
  SetPasswordRequestSchema,
  type AdminAccount,
  type ChangeRoleRequest,
  type ChangeStatusRequest,
  type InvitePersonRequest,
  type PasswordLinkResponse,
  type SetPasswordRequest,
  type SetPasswordResponse,
} from '@ai-mind/contracts';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { RequirePermission } from '../auth/index.js';
import { SignInRoute } from '../../common/route-access.js';
import { PeopleService } from './people.service.js';

/** The People tab: the owner lists accounts, invites, changes roles, disables and resets passwords. */
@Controller('admin/people')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @RequirePermission('people.manage')
  @Get()
  list(): Promise<AdminAccount[]> {
    return this.people.list();
  }

  /** A new account and its one-time link, answered once to the owner (who sends it to the person). */
  @RequirePermission('people.manage')
  @Post()
  @HttpCode(201)
  invite(@Body(new ZodValidationPipe(InvitePersonRequestSchema)) body: InvitePersonRequest, @Req() request: FastifyRequest): Promise<PasswordLinkResponse> {
    return this.people.invite(body, request.adminSession!.username);
  }

  @RequirePermission('people.manage')
  @Post(':id/role')
  @HttpCode(200)
  changeRole(
    @Param(new ZodValidationPipe(PersonIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(ChangeRoleRequestSchema)) body: ChangeRoleRequest,
  ): Promise<AdminAccount> {
    return this.people.changeRole(params.id, body.role);
  }

  @RequirePermission('people.manage')
  @Post(':id/status')
  @HttpCode(200)
  changeStatus(
    @Param(new ZodValidationPipe(PersonIdParamsSchema)) params: { id: number },
    @Body(new ZodValidationPipe(ChangeStatusRequestSchema)) body: ChangeStatusRequest,
  ): Promise<AdminAccount> {
    return this.people.changeStatus(params.id, body.status);
  }

  @RequirePermission('people.manage')
  @Post(':id/reset-password')
  @HttpCode(200)
  resetPassword(@Param(new ZodValidationPipe(PersonIdParamsSchema)) params: { id: number }, @Req() request: FastifyRequest): Promise<PasswordLinkResponse> {
    return this.people.resetPassword(params.id, request.adminSession!.username);
  }
}

/** The invitee's page posts here: no session, the link's token is the proof. */
@Controller('admin/set-password')
export class SetPasswordController {
  constructor(private readonly people: PeopleService) {}

  @SignInRoute()
  @Post()
  @HttpCode(200)
  async setPassword(@Body(new ZodValidationPipe(SetPasswordRequestSchema)) body: SetPasswordRequest): Promise<SetPasswordResponse> {
    const { username } = await this.people.setPasswordByLink(body.token, body.password);
    return { username, message: `Your password is set. Sign in as ${username}.` };
  }
}
