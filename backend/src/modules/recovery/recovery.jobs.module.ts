import { Module } from '@nestjs/common';
import { RecoveryModule } from './recovery.module.js';
import { RecoveryProcessor } from './recovery.processor.js';
import { RecoverySchedule } from './recovery-schedule.service.js';

@Module({ imports: [RecoveryModule], providers: [RecoveryProcessor, RecoverySchedule] })
export class RecoveryJobsModule {}
