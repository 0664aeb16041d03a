import { Module } from '@nestjs/common';
import { OutletMix } from './outlet-mix.service.js';
import { OutletsAdminController } from './outlets-admin.controller.js';
import { OutletsService } from './outlets.service.js';

/** The owner's outlet list and sourcing setting, and the outlet mix of topics and articles (OutletMix, for the modules above). */
@Module({
  controllers: [OutletsAdminController],
  providers: [OutletsService, OutletMix],
  exports: [OutletMix],
})
export class OutletsModule {}
