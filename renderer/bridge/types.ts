/**
 * The renderer's only way to its host (STYLE.md "transport behind one interface"): the
 * contract's HostApi, one method per channel named by the channel. Each host has an adapter
 * built with `bridgeOver`; tests hand the store any implementation.
 */
import type { Channel, HostApi, HostInfo } from '../../core/ipc/contract.js';
import { CHANNELS } from '../../core/ipc/contract.js';

export type Bridge = HostApi & { readonly kind: HostInfo['host'] };

/** A boundary error as the renderer shows it: a stable code and one line. */
export class BridgeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BridgeError';
  }
}

/**
 * A Bridge whose every channel goes through `send` (the transport: fetch, IPC, a direct
 * call), except those the adapter answers itself (`own`, e.g. the browser's downloads).
 * The host checks args and results with the contract, so `send` may be untyped.
 */
export function bridgeOver(
  kind: Bridge['kind'],
  send: (channel: Channel, args: unknown) => Promise<unknown>,
  own: Partial<HostApi> = {},
): Bridge {
  const methods = Object.fromEntries(CHANNELS.map((channel) => [channel, (args: unknown) => send(channel, args)]));
  return { ...methods, ...own, kind } as Bridge;
}
