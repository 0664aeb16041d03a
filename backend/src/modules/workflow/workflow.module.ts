import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { OutletsModule } from '../outlets/index.js';
import { ProvenanceModule } from '../provenance/index.js';
import { AutomationIntakeController } from './automation-intake.controller.js';
import { ArticleIntakeService } from './article-intake.service.js';
import { WorkflowController } from './workflow.controller.js';
import { WorkflowService } from './workflow.service.js';

/** Approved topics on their way to draft articles, and the automation service's delivery endpoint. */
@Module({
  imports: [ArticlesModule, ProvenanceModule, OutletsModule],
  controllers: [WorkflowController, AutomationIntakeController],
  providers: [WorkflowService, ArticleIntakeService],
})
export class WorkflowModule {}
