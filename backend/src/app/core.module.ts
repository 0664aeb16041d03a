import { Module, type DynamicModule } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config.js';
import { ConfigModule } from '../config/config.module.js';
import { loggerOptions } from '../common/logger.js';
import { RedisModule } from '../common/redis.module.js';
import { createOrmConfig } from './orm-config.js';
import { QueueModule } from '../queue/queue.module.js';

/** What the API and the worker share: config, logs, PostgreSQL, Redis and the queues. */
@Module({})
export class CoreModule {
  static forRoot(config: AppConfig, processName: 'api' | 'worker'): DynamicModule {
    return {
      module: CoreModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            ...loggerOptions(config, processName),
            autoLogging: { ignore: (req) => req.url === '/api/health' },
          },
        }),
        MikroOrmModule.forRoot({
          ...createOrmConfig({ databaseUrl: config.database.url, poolMax: config.database.poolMax }),
          registerRequestContext: processName === 'api',
        }),
        RedisModule,
        QueueModule.forRoot(config),
      ],
    };
  }
}
