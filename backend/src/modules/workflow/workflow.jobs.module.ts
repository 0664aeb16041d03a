import { ArticlesModule } from '../articles/index.js';
import { Module } from '@nestjs/common';
import { AiModule } from '../ai/index.js';
import { OutletsModule } from '../outlets/index.js';
import { ProvenanceModule } from '../provenance/index.js';
import { ApprovedTopicSweeperService } from './approved-topic-sweeper.service.js';
import { AutomationDispatchService } from './automation-dispatch.service.js';
import { ArticleGeneratorService } from './article-generator.service.js';
import { ArticleIntakeService } from './article-intake.service.js';
import { WorkflowProcessor } from './workflow.processor.js';

/** Worker side of the workflow: the signed hand-off to the automation service, or the built-in blog generator. */
@Module({
  imports: [AiModule, ArticlesModule, ProvenanceModule, OutletsModule],
  providers: [ArticleIntakeService, ArticleGeneratorService, AutomationDispatchService, WorkflowProcessor, ApprovedTopicSweeperService],
})
export class WorkflowJobsModule {}
