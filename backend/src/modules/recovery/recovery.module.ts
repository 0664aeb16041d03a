import { Module } from '@nestjs/common';
import { BackupService } from './backup.service.js';
import { RecoveryService } from './recovery.service.js';

@Module({
  providers: [RecoveryService, BackupService],
  exports: [RecoveryService, BackupService],
})
export class RecoveryModule {}
