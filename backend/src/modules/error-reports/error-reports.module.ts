import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { ErrorReportFormController } from './error-report-form.controller.js';
import { ErrorReportsAdminController } from './error-reports-admin.controller.js';
import { ErrorReportsController } from './error-reports.controller.js';
import { ErrorReportsService } from './error-reports.service.js';

@Module({
  imports: [ArticlesModule],
  controllers: [ErrorReportsController, ErrorReportFormController, ErrorReportsAdminController],
  providers: [ErrorReportsService],
  exports: [ErrorReportsService],
})
export class ErrorReportsModule {}
