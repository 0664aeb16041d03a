import { Module } from '@nestjs/common';
import { SeoModule } from '../seo/seo.module.js';
import { RecoveryModule } from './recovery.module.js';
import { RecoveryProcessor } from './recovery.processor.js';
import { RecoverySchedule } from './recovery-schedule.service.js';

@Module({ imports: [RecoveryModule, SeoModule], providers: [RecoveryProcessor, RecoverySchedule] })
export class RecoveryJobsModule {}
