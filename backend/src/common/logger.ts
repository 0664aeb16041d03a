import { pino, type LoggerOptions } from 'pino';
import type { AppConfig } from '../config/app-config.js';

/** pino options shared by every process; secrets never reach the logs. */
export function loggerOptions(config: AppConfig, processName: string): LoggerOptions {
  return {
    level: config.site.logLevel,
    base: { process: processName, pid: process.pid },
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
}
