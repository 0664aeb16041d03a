import { Module } from '@nestjs/common';
import { ArticlesModule } from '../articles/index.js';
import { FediverseBlocks } from './fediverse-blocks.js';
import { FediverseFederation } from './fediverse-federation.js';
import { FediverseFollowers } from './fediverse-followers.js';
import { InboxGate } from './inbox-gate.js';

/** The site as an ActivityPub actor (docs/fediverse.md); the API mounts it with registerFediverse, the worker delivers with FediverseJobsModule. */
@Module({
  imports: [ArticlesModule],
  providers: [FediverseFederation, FediverseFollowers, FediverseBlocks, InboxGate],
  exports: [FediverseFederation, FediverseFollowers, FediverseBlocks, InboxGate],
})
export class FediverseModule {}
