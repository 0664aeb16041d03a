import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectConfig, type ConfigSlice } from '../../config/config.module.js';
import { JobProducer } from '../../queue/job-producer.service.js';

/** The follows' clock: a repeatable job every FOLLOWS_TICK_MS, one per cluster. */
@Injectable()
export class FollowsScheduleService implements OnApplicationBootstrap {
  constructor(
    private readonly jobs: JobProducer,
    @InjectConfig('follows') private readonly config: ConfigSlice<'follows'>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.jobs.schedule('follows-tick', { every: this.config.tickMs }, {});
  }
}
