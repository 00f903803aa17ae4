/**
 * How a token request's actions cross to the worker. Structured-cloning 5,000 [id, action]
 * pairs per threshold step costs the main thread milliseconds (R15 steps are meant to take
 * one frame), so the actions travel as one letter per pair, and the pair ids only when they
 * differ from the ids sent last (a new run or policy; a threshold step keeps them).
 */
import type { Action } from '../../core/engine/schema.js';
import type { TokenRequest } from './snapshot.js';

export interface EncodedActions {
  /** Names the id list `codes` follows; `ids` is sent with the first request that uses it. */
  key: number;
  ids?: string[];
  /** One letter per id (`CODES`), in the ids' order. */
  codes: string;
}

/** A token request as it crosses to the worker. */
export type WireTokenRequest = Omit<TokenRequest, 'actions' | 'variant'> & {
  actions: EncodedActions;
  variant?: EncodedActions;
};

const CODES: Record<Action, string> = { keep: 'k', drop_result: 'r', drop_call: 'c' };
const ACTIONS: Record<string, Action> = { k: 'keep', r: 'drop_result', c: 'drop_call' };

/** The main thread's side: remembers the ids it sent last. */
export function actionEncoder(): (actions: ReadonlyMap<string, Action>) => EncodedActions {
  let ids: string[] = [];
  let key = 0;
  return (actions) => {
    let same = actions.size === ids.length;
    let codes = '';
    let i = 0;
    for (const [id, action] of actions) {
      if (same && ids[i] !== id) same = false;
      codes += CODES[action];
      i++;
    }
    if (same) return { key, codes };
    ids = [...actions.keys()];
    return { key: ++key, ids, codes };
  };
}

/** The worker's side: the ids of the last key it was sent. */
export function actionDecoder(): (encoded: EncodedActions) => Map<string, Action> {
  // The encoder's starting point: no ids under key 0 (a history without pairs sends none).
  let ids: string[] = [];
  let key = 0;
  return (encoded) => {
    if (encoded.ids) ({ key, ids } = { key: encoded.key, ids: encoded.ids });
    if (encoded.key !== key || encoded.codes.length !== ids.length)
      throw new Error('token request: actions for pair ids the worker was not sent');
    const out = new Map<string, Action>();
    for (let i = 0; i < ids.length; i++) out.set(ids[i], ACTIONS[encoded.codes[i]]);
    return out;
  };
}
