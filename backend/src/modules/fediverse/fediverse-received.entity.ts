import { defineEntity, p } from '@mikro-orm/core';

/**
 * The signatures of inbox posts taken, kept while a signature is within its time window: the same
 * signed request sent again is a replay and is refused (the key makes the check and the claim one
 * statement).
 */
export const FediverseReceivedSchema = defineEntity({
  name: 'FediverseReceived',
  tableName: 'fediverse_received',
  properties: {
    signatureHash: p.string().length(64).primary(),
    receivedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'fediverse_received_received_at_index', properties: ['receivedAt'] }],
});

export class FediverseReceived extends FediverseReceivedSchema.class {}
FediverseReceivedSchema.setClass(FediverseReceived);
