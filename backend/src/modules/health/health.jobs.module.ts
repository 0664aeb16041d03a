import { Module } from '@nestjs/common';
import { WorkerHeartbeatService } from './worker-heartbeat.service.js';

/** Worker side of health: the heartbeat the API reads. */
@Module({ providers: [WorkerHeartbeatService] })
export class HealthJobsModule {}
