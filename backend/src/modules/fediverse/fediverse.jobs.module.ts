import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { AiReplySender } from './ai-reply-sender.js';
import { FediverseDelivery } from './fediverse-delivery.js';
import { FediverseOutbox } from './fediverse-outbox.js';
import { FediverseProcessor } from './fediverse.processor.js';
import { FediverseModule } from './fediverse.module.js';

/** Worker side of the fediverse: the outbox that turns article changes into deliveries, and the deliveries. */
@Module({ imports: [FediverseModule, ArticlesModule], providers: [AiReplySender, FediverseOutbox, FediverseDelivery, FediverseProcessor] })
export class FediverseJobsModule {}
