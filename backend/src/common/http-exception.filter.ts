import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorResponse } from '@ai-mind/contracts';
import { STATUS_CODES } from 'node:http';
import { unavailableDatastore } from './connection-errors.js';

/** Seconds a client is told to wait when a datastore is down: a restart or failover takes about that long. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const UNAVAILABLE_MESSAGES = {
  database: 'The database is unavailable right now. Please try again in a few seconds.',
  redis: 'A service this request needs (Redis) is unavailable right now. Please try again in a few seconds.',
};

/** Errors thrown by Fastify itself (bad JSON, body too large, ...) carry a 4xx statusCode. */
function isClientError(error: unknown): error is { statusCode: number; message: string } {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The one error filter: every error leaves as `{ error, message, details? }`. Anything unexpected is
 * logged in full with the request id and answered as a sanitized 500 that carries only that id.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const requestId = request.id;
    const { status, body } = this.describe(exception, requestId, request);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) void reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    // Rate limits and sign-in lockouts say how long to wait; clients read it from the standard header.
    const retryAfter = exception instanceof HttpException ? (exception.getResponse() as { retryAfter?: unknown }).retryAfter : undefined;
    if (status === HttpStatus.TOO_MANY_REQUESTS && typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }

  private describe(exception: unknown, requestId: string, request: FastifyRequest): { status: number; body: ErrorResponse } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const response = exception.getResponse();
      const payload: Partial<ErrorResponse> & { message?: unknown } = typeof response === 'string' ? { message: response } : response;
      const body: ErrorResponse = {
        error: payload.error ?? STATUS_CODES[status] ?? 'Error',
        message: [payload.message ?? exception.message].flat().join('; '),
        ...(payload.details ? { details: payload.details } : {}),
      };
      if (status < 500) return { status, body };
      this.logger.error({ err: exception, requestId }, `${request.method} ${request.url} failed`);
      return { status, body: { ...body, requestId } };
    }
    if (isClientError(exception)) {
      return { status: exception.statusCode, body: { error: STATUS_CODES[exception.statusCode] ?? 'Bad Request', message: exception.message } };
    }
    const datastore = unavailableDatastore(exception);
    if (datastore) {
      this.logger.warn({ err: exception, requestId }, `${request.method} ${request.url}: ${datastore} unavailable`);
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: { error: 'Service Unavailable', message: UNAVAILABLE_MESSAGES[datastore], requestId } };
    }
    this.logger.error({ err: exception, requestId }, `${request.method} ${request.url} failed`);
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { error: 'Internal Server Error', message: 'Something went wrong on our side. Please try again.', requestId },
    };
  }
}
