/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracket notation for nesting, as the
 * SDK and Stripe.js write it (`card[number]=4242...`, `expand[0]=customer`, `metadata[userId]=...`).
 * Decoded into plain nested objects; a level whose keys are all indices (or `[]`) becomes an array.
 */

export type FormValue = string | FormValue[] | FormParams;
export interface FormParams {
  [key: string]: FormValue;
}

export function decodeForm(body: string): FormParams {
  const root: Record<string, unknown> = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    insert(root, keyPath(key), value);
  }
  return toArrays(root) as FormParams;
}

/** `a[b][0]` -> ['a', 'b', '0']; `a[]` -> ['a', ''] (append). */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(match[1] ?? '');
  return path;
}

function insert(node: Record<string, unknown>, path: string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  const slot = head === '' ? String(Object.keys(node).length) : head;
  if (rest.length === 0) {
    node[slot] = value;
    return;
  }
  const child = node[slot];
  const next = child && typeof child === 'object' ? (child as Record<string, unknown>) : {};
  node[slot] = next;
  insert(next, rest, value);
}

function toArrays(node: unknown): unknown {
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node as Record<string, unknown>).map(([k, v]) => [k, toArrays(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k]) => /^\d+$/.test(k));
  if (!indexed) return Object.fromEntries(entries);
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}
