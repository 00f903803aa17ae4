/** The guard tests' policy: `read` eligible, nothing protected by id, the last 2 messages recent (R3–R5); `over` changes any of it. */
import type { Policy } from '../../../core/engine/guards.js';

export const policy = (over: Partial<Policy> = {}): Policy => ({
  eligibleToolNames: ['read'],
  protectedMessageIds: [],
  protectedCallIds: [],
  preserveRecentMessages: 2,
  ...over,
});
