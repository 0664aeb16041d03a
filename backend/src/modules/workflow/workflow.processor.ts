import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { BlogGeneratorService } from './blog-generator.service.js';

@Processor('workflow', { concurrency: 2 })
export class WorkflowProcessor extends WorkerHost {
  constructor(private readonly generator: BlogGeneratorService) {
    super();
  }

  async process(job: Job<JobPayload<'workflow-generate'>, JobResult<'workflow-generate'>, string>): Promise<JobResult<'workflow-generate'>> {
    switch (job.name) {
      case 'workflow-generate':
        return this.generator.generate(job.data.approvedTopicId);
      default:
        throw new Error(`Unknown workflow job '${job.name}'`);
    }
  }
}
