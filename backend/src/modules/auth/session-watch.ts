import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './route-access.js';
import { SessionService, type AdminSession } from './session.service.js';

/** How often the watched sessions are checked: a stream of a session that ended closes within this (and a round trip). */
const CHECK_MS = 500;

interface Watched {
  token: string;
  session: AdminSession;
  onEnd: () => void;
}

/**
 * Ends what a session keeps open (the admin panel's event streams) once the session ends: signed out,
 * expired, or ended with every session of its account (a role change, disabling, a password reset, in
 * any process: the session generation in Redis). One timer per process checks every watched session in
 * one Redis round trip, and runs only while something is watched.
 */
@Injectable()
export class SessionWatch implements OnModuleDestroy {
  private readonly logger = new Logger(SessionWatch.name);
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly sessions: SessionService) {}

  /** Calls `onEnd` once the session the access gate found for this request ends; answers the stop of the watch. */
  watch(request: FastifyRequest, onEnd: () => void): () => void {
    const token = request.cookies[SESSION_COOKIE];
    const session = request.adminSession;
    if (!token || !session) {
      // After the caller has its stop in hand, as for a session that ends later.
      queueMicrotask(onEnd);
      return () => undefined;
    }
    const entry: Watched = { token, session, onEnd };
    this.watched.add(entry);
    this.timer ??= setInterval(() => void this.check(), CHECK_MS).unref();
    return () => this.unwatch(entry);
  }

  private unwatch(entry: Watched): void {
    this.watched.delete(entry);
    if (this.watched.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private async check(): Promise<void> {
    const entries = [...this.watched];
    if (entries.length === 0) return;
    let live: boolean[];
    try {
      live = await this.sessions.stillLive(entries);
    } catch (error) {
      // Redis is away: no session can be read now either; the next check decides.
      this.logger.warn({ err: error }, 'Could not check the sessions of the open event streams');
      return;
    }
    entries.forEach((entry, i) => {
      if (live[i] || !this.watched.has(entry)) return;
      this.unwatch(entry);
      entry.onEnd();
    });
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.watched.clear();
  }
}
