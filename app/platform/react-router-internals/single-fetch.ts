/**
 * React Router's single-fetch encoding (turbo-stream) of an action's data `{ data: value }` for a
 * flat object of strings and booleans: a list of the distinct values, objects as maps from the
 * index of a key to the index of its value. tests/integration/public-form-posts.test.ts decodes
 * it with React Router's own decoder and compares it with the action's answer, so an upgrade
 * that changes the format fails there.
 */
export function singleFetchActionData(value: Record<string, string | boolean>): string {
  const list: unknown[] = [];
  const seen = new Map<string | boolean, number>();
  const indexOf = (primitive: string | boolean) => {
    let index = seen.get(primitive);
    if (index === undefined) {
      index = list.push(primitive) - 1;
      seen.set(primitive, index);
    }
    return index;
  };
  const root: Record<string, number> = {};
  list.push(root);
  const object: Record<string, number> = {};
  root[`_${indexOf("data")}`] = list.push(object) - 1;
  for (const [key, entry] of Object.entries(value)) object[`_${indexOf(key)}`] = indexOf(entry);
  return JSON.stringify(list);
}
