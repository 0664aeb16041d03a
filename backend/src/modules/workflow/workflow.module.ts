import { Module } from '@nestjs/common';
import { WorkflowController } from './workflow.controller.js';
import { WorkflowService } from './workflow.service.js';

/** Approved topics on their way to draft articles. */
@Module({ controllers: [WorkflowController], providers: [WorkflowService] })
export class WorkflowModule {}
