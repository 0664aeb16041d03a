import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AdminLoginRequestSchema } from '@ai-mind/contracts';
import { parseRequest } from '../../common/zod-validation.pipe.js';

/** Validates the sign-in body with field messages before passport sees it (guards run before pipes). */
@Injectable()
export class LoginBodyGuard implements CanActivate {
  /** The contract's sign-in body (checked against the route's declaration by the api-contract-schemas spec). */
  static readonly schema = AdminLoginRequestSchema;

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = parseRequest(LoginBodyGuard.schema, request.body);
    return true;
  }
}
