import { DelayedError } from 'bullmq';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';
import { JobProcessor, type JobHandlers, type JobOf } from '../../queue/job-processor.js';
import type { FollowsTickResult, JobResult } from '../../queue/job-types.js';
import { QUEUE } from '../../queue/queue-names.js';
import { QueueWorker } from '../../queue/queue-worker.js';
import { FollowDeliveryService } from './follow-delivery.service.js';
import { FollowsService } from './follows.service.js';

/**
 * The follows' clock (a repeatable job, once per cluster): fans out new publication events, makes the
 * daily bundles due, and starts the senders when messages are due; and the confirmation emails.
 */
@QueueWorker(QUEUE.follows, 2)
export class FollowsProcessor extends JobProcessor<typeof QUEUE.follows> {
  readonly handlers: JobHandlers<typeof QUEUE.follows> = {
    'follows-tick': () => this.tick(),
    'follows-confirmation': ({ followId }) => this.follows.sendConfirmation(followId),
  };

  constructor(
    private readonly follows: FollowsService,
    private readonly delivery: FollowDeliveryService,
    private readonly jobs: JobProducer,
    @InjectConfig('follows') private readonly config: ConfigSlice<'follows'>,
  ) {
    super();
  }

  private async tick(): Promise<FollowsTickResult> {
    const deliveries = await this.delivery.fanOut();
    const bundles = await this.delivery.makeBundles();
    let senders = 0;
    if (await this.delivery.hasDue()) {
      senders = this.config.senders;
      // A slot's job id: while one is waiting or running, adding it again adds nothing.
      await this.jobs.enqueueMany(
        'follows-send',
        Array.from({ length: senders }, (_, slot) => ({
          payload: { slot },
          options: { jobId: `follows-send-${slot}`, removeOnComplete: true, removeOnFail: true },
        })),
      );
    }
    return { deliveries, bundles, senders };
  }
}

/** The senders, one at a time per worker process: a killed worker leaves at most one batch in doubt, re-sent after the lease. */
@QueueWorker(QUEUE.followsSend, 1)
export class FollowsSendProcessor extends JobProcessor<typeof QUEUE.followsSend> {
  readonly handlers: JobHandlers<typeof QUEUE.followsSend> = {
    'follows-send': (_data, job, token) => this.send(job, token),
  };

  constructor(private readonly delivery: FollowDeliveryService) {
    super();
  }

  private async send(job: JobOf<'follows-send'>, token: string | undefined): Promise<JobResult<'follows-send'>> {
    const { sent, failed, dropped, stopped } = await this.delivery.send(() => this.worker.closing !== undefined);
    if (stopped) {
      // Back to the queue at once, without spending an attempt: the next worker carries on from the rows left.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    return { sent, failed, dropped };
  }
}
