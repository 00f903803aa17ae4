/** Native records of a read conversation, and the places a violation names. */
import type { JsonPath, ReadConversation, SourceText } from '../types.js';
import type { Place } from './types.js';

export function pathText(path: JsonPath): string {
  return '$' + path.map((step) => (typeof step === 'number' ? `[${step}]` : `.${step}`)).join('');
}

/** The document's root as paths address it (JSON Lines: the list of records). */
export function rootOf(doc: SourceText): unknown {
  return doc.kind === 'json' ? doc.value : doc.records;
}

export function placeOfPath(doc: SourceText, path: JsonPath, message?: number): Place {
  const place: Place = { path: doc.kind === 'jsonl' ? pathText(path.slice(1)) : pathText(path) };
  if (doc.kind === 'jsonl' && typeof path[0] === 'number') place.line = doc.lineNumbers[path[0]];
  if (message !== undefined) place.message = message;
  return place;
}

/** The first native record of message `index`. */
export function placeOfMessage(input: { doc: SourceText; read: ReadConversation }, index: number): Place {
  const path = input.read.map.records[index]?.[0] ?? [];
  return placeOfPath(input.doc, path, index);
}

export function describePlace(place: Place): string {
  const parts = [];
  if (place.message !== undefined) parts.push(`message ${place.message}`);
  if (place.line !== undefined) parts.push(`line ${place.line}`);
  parts.push(place.path);
  return parts.join(', ');
}
