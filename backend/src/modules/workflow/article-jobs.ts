import type { AppConfig } from '../../config/app-config.js';
import type { JobProducer } from '../../queue/job-producer.service.js';

/**
 * Queues the one job that turns an approved topic into a blog: the hand-off to the automation service
 * when one is configured, else the built-in generator. The job id is per topic, so queueing again
 * (the approval, then the sweeper) never makes a second job while the first exists.
 */
export async function queueArticleJob(jobs: JobProducer, automation: AppConfig['automation'], approvedTopicId: number): Promise<void> {
  if (automation.webhookUrl) {
    await jobs.enqueue('workflow-dispatch', { approvedTopicId }, { jobId: `workflow-dispatch-${approvedTopicId}` });
  } else {
    await jobs.enqueue('workflow-generate', { approvedTopicId }, { jobId: `workflow-generate-${approvedTopicId}` });
  }
}
