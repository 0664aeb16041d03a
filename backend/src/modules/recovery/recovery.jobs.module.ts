import { Module } from '@nestjs/common';
import { RecoveryModule } from './recovery.module.js';
import { RecoveryProcessor } from './recovery.processor.js';

@Module({ imports: [RecoveryModule], providers: [RecoveryProcessor] })
export class RecoveryJobsModule {}
