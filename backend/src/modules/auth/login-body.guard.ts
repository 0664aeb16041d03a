import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AdminLoginRequestSchema } from '@ai-mind/contracts';
import { parseRequest } from '../../common/zod-validation.pipe.js';

/** Validates the sign-in body with field messages before passport sees it (guards run before pipes). */
@Injectable()
export class LoginBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    request.body = parseRequest(AdminLoginRequestSchema, request.body);
    return true;
  }
}
