import type { Job } from 'bullmq';
import { JobProcessor, type JobHandlers } from '../../queue/job-processor.js';
import { QUEUE } from '../../queue/queue-names.js';
import { retryingThroughOutages } from '../../queue/outage-retry.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { AutomationDispatchService } from './automation-dispatch.service.js';
import { ArticleGeneratorService } from './article-generator.service.js';

@QueueWorker(QUEUE.workflow, 2)
export class WorkflowProcessor extends JobProcessor<typeof QUEUE.workflow> {
  readonly handlers: JobHandlers<typeof QUEUE.workflow> = {
    'workflow-generate': ({ approvedTopicId }) => this.generator.generate(approvedTopicId),
    'workflow-dispatch': ({ approvedTopicId }, job) => {
      const attempt = job.attemptsMade + 1;
      return this.dispatcher.dispatch(approvedTopicId, attempt, attempt >= (job.opts.attempts ?? 1));
    },
  };

  constructor(
    private readonly generator: ArticleGeneratorService,
    private readonly dispatcher: AutomationDispatchService,
  ) {
    super();
  }

  override process(job: Job, token?: string): Promise<unknown> {
    return retryingThroughOutages(job, token, () => super.process(job, token));
  }
}
