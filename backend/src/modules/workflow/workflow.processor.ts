import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import type { JobPayload, JobResult } from '../../queue/job-types.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { workerOptions } from '../../queue/worker-options.js';
import { AutomationDispatchService } from './automation-dispatch.service.js';
import { BlogGeneratorService } from './blog-generator.service.js';

type WorkflowJob =
  | Job<JobPayload<'workflow-generate'>, JobResult<'workflow-generate'>, 'workflow-generate'>
  | Job<JobPayload<'workflow-dispatch'>, JobResult<'workflow-dispatch'>, 'workflow-dispatch'>;

@Processor('workflow', workerOptions(2))
export class WorkflowProcessor extends WorkerHost {
  constructor(
    private readonly generator: BlogGeneratorService,
    private readonly dispatcher: AutomationDispatchService,
  ) {
    super();
  }

  process(job: WorkflowJob, token?: string): Promise<JobResult<'workflow-generate'> | JobResult<'workflow-dispatch'>> {
    return retryingThroughOutages(job, token, () => this.run(job));
  }

  private async run(job: WorkflowJob): Promise<JobResult<'workflow-generate'> | JobResult<'workflow-dispatch'>> {
    switch (job.name) {
      case 'workflow-generate':
        return this.generator.generate(job.data.approvedTopicId);
      case 'workflow-dispatch': {
        const attempt = job.attemptsMade + 1;
        return this.dispatcher.dispatch(job.data.approvedTopicId, attempt, attempt >= (job.opts.attempts ?? 1));
      }
      default:
        throw new Error(`Unknown workflow job '${(job as Job).name}'`);
    }
  }
}
